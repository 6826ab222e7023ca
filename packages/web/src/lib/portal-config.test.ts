import { describe, expect, it } from 'vitest';
import { TEST_CONFIG } from '@/testing/fake-auth';
import { parsePortalConfig } from './portal-config';

describe('portal configuration', () => {
  it('accepts a complete configuration', () => {
    expect(parsePortalConfig({ ...TEST_CONFIG, extra: true })).toEqual(TEST_CONFIG);
  });

  it('rejects a configuration without an authority or claim names', () => {
    expect(() => parsePortalConfig({ ...TEST_CONFIG, authority: '' })).toThrow();
    expect(() => parsePortalConfig({ ...TEST_CONFIG, claims: { deelnemer: 'deelnemer' } })).toThrow();
    expect(() => parsePortalConfig(null)).toThrow();
  });
});
