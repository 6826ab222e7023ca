import { describe, expect, it } from 'vitest';
import { TEST_CONFIG } from '@/testing/fake-auth';
import { userFromClaims } from './current-user';
import { returnToOf, signinArgs } from './user-manager';

const baseProfile = { sub: 'u1', iss: 'https://idp', aud: 'portal', exp: 0, iat: 0 };

describe('the user from the token claims', () => {
  it('reads subject, participant, e-mail and roles from the configured claims', () => {
    const user = userFromClaims(
      {
        ...baseProfile,
        deelnemer: 'Aannemer_Alpha',
        email: 'a@alpha.nl',
        roles: ['Uitval Beheren', 'Configuraties Beheren'],
      },
      TEST_CONFIG.claims,
    );

    expect(user).toEqual({
      sub: 'u1',
      deelnemer: 'Aannemer_Alpha',
      email: 'a@alpha.nl',
      roles: ['Uitval Beheren', 'Configuraties Beheren'],
    });
  });

  it('reads other claim names when the installation uses them', () => {
    const user = userFromClaims(
      { ...baseProfile, 'https://knooppunt.nl/deelnemer': 'Combi_West', groups: 'Combi Medewerker' },
      { deelnemer: 'https://knooppunt.nl/deelnemer', roles: 'groups', email: 'mail' },
    );

    expect(user).toEqual({ sub: 'u1', deelnemer: 'Combi_West', email: '', roles: ['Combi Medewerker'] });
  });

  it('has no roles when the claim is missing', () => {
    expect(userFromClaims(baseProfile, TEST_CONFIG.claims).roles).toEqual([]);
  });
});

describe('returning after login', () => {
  it('goes back to the path and query the login started from', () => {
    expect(returnToOf(signinArgs('/berichten?page=2').state)).toBe('/berichten?page=2');
  });

  it('goes home for anything that is not a path of ours', () => {
    expect(returnToOf(undefined)).toBe('/');
    expect(returnToOf({ returnTo: 'https://evil.example' })).toBe('/');
    expect(returnToOf({ returnTo: '//evil.example/x' })).toBe('/');
    expect(returnToOf({ returnTo: '/callback?code=1' })).toBe('/');
  });
});
