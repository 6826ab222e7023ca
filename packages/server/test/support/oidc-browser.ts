import * as oidc from 'openid-client';
import { expect } from 'vitest';
import type { Config } from '../../src/config';

/** A browser as far as the provider can tell: cookies by name and path, redirects one at a time. */
export class Browser {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const sent = [...this.cookies.values()].filter((cookie) => target.pathname.startsWith(cookie.path));
    if (sent.length) headers.set('cookie', sent.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '));
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      const cookiePath = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = value === '' || attributes.some((a) => /^expires=.*1970/i.test(a));
      if (expired) this.cookies.delete(`${name} ${cookiePath}`);
      else this.cookies.set(`${name} ${cookiePath}`, { name, value, path: cookiePath });
    }
    return response;
  }

  /** Follows redirects while they stay at the provider (`issuer`); answers the first address outside it. */
  async followUntilLeaving(start: string, issuer: string): Promise<string> {
    let location = start;
    for (let hop = 0; hop < 10 && location.startsWith(issuer); hop++) {
      const response = await this.fetch(location);
      expect(response.status, `redirect expected from ${location}`).toBe(303);
      location = new URL(response.headers.get('location') ?? '', location).href;
    }
    return location;
  }
}

/** A form post, optionally from another source address (the app trusts X-Forwarded-For). */
export const form = (fields: Record<string, string>, from?: string) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    ...(from === undefined ? {} : { 'x-forwarded-for': from }),
  },
  body: new URLSearchParams(fields).toString(),
});

/** The portal as an OpenID client of the embedded provider at `config`'s issuer. */
/** A participant's system at the embedded provider: its client id and the demo secret (Basic). */
export function discoverSystem(config: Config, clientId: string, secret = 'demo-secret'): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(config.oidc.issuer), clientId, undefined, oidc.ClientSecretBasic(secret), {
    execute: [oidc.allowInsecureRequests],
  });
}

export function discoverPortal(config: Config): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(config.oidc.issuer), config.oidc.portalClientId, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
}

/** Starts the portal's login in `browser`: the authorize request lands on the login page's address. */
export async function startLogin(browser: Browser, portal: oidc.Configuration, config: Config) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const authorize = oidc.buildAuthorizationUrl(portal, {
    redirect_uri: `${config.publicUrl}/callback`,
    scope: config.oidc.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const response = await browser.fetch(authorize);
  expect(response.status).toBe(303);
  const loginUrl = new URL(response.headers.get('location') ?? '', authorize).href;
  return { loginUrl, verifier, state };
}
