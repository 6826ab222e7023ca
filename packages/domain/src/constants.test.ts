import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('business constants', () => {
  it('name no login-popup timing: the portal logs in by redirect, never in a popup (decision 0028)', () => {
    const exported = Object.keys(domain);
    // The check reads the real exports: a constant of spec 000 §9 the portal does use is among them.
    expect(exported).toContain('SEARCH_DEBOUNCE_MS');
    expect(exported.filter((name) => /POPUP/i.test(name))).toEqual([]);
  });
});
