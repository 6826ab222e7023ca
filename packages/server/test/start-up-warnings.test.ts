import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { STARTUP_WARNING_TEXTS, startupWarnings } from '../src/setup/warnings';
import { createTestApp, logCollector } from './helpers';

/*
 * A real service (DEMO=0) that runs with a test setting says so at start-up (issue 29 item 6,
 * decision 0046): private targets allowed, or a PUBLIC_URL without https; and a proxy elsewhere
 * that TRUST_PROXY does not name (decision 0051).
 */

const WARN = 40;

describe('start-up warnings', () => {
  it('DEMO=0 with ALLOW_PRIVATE_TARGETS=1 and an http:// PUBLIC_URL: both said, at warn', async () => {
    const log = logCollector();
    const t = await createTestApp(
      { DEMO: '0', ALLOW_PRIVATE_TARGETS: '1', PUBLIC_URL: 'http://knooppunt.example', LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    try {
      const said = (text: string) => log.lines.filter((line) => line.msg === text).map((line) => line.level);
      expect(said(STARTUP_WARNING_TEXTS.privateTargets)).toEqual([WARN]);
      expect(said(STARTUP_WARNING_TEXTS.httpPublicUrl('http://knooppunt.example'))).toEqual([WARN]);
    } finally {
      await t.close();
    }
  });

  it('as a real service should run — https, no private targets — and in demo mode: nothing', () => {
    const real = loadConfig({
      DEMO: '0',
      PUBLIC_URL: 'https://knooppunt.example',
      HOST: '0.0.0.0',
      TRUST_PROXY: '10.0.0.5',
    });
    expect(startupWarnings(real)).toEqual([]);
    // A proxy on this machine needs no TRUST_PROXY: loopback is believed by default.
    expect(startupWarnings(loadConfig({ DEMO: '0', PUBLIC_URL: 'https://knooppunt.example' }))).toEqual([]);
    // The demo allows private targets and plain http by design, and warns of itself as a whole.
    expect(startupWarnings(loadConfig({ DEMO: '1' }))).toEqual([]);
  });

  it('DEMO=0 listening beyond loopback without TRUST_PROXY: the proxy elsewhere is not believed, and that is said', () => {
    const config = loadConfig({ DEMO: '0', PUBLIC_URL: 'https://knooppunt.example', HOST: '0.0.0.0' });
    expect(config.trustProxy).toBe('loopback');
    expect(startupWarnings(config)).toEqual([STARTUP_WARNING_TEXTS.untrustedProxy('0.0.0.0')]);
    // Any TRUST_PROXY set is the operator's decision, even the demo's default or none at all.
    for (const TRUST_PROXY of ['false', 'loopback,linklocal,uniquelocal']) {
      const set = loadConfig({ DEMO: '0', PUBLIC_URL: 'https://knooppunt.example', HOST: '0.0.0.0', TRUST_PROXY });
      expect(startupWarnings(set)).toEqual([]);
    }
  });

  it('TRUST_PROXY unset: every private network in demo mode, only loopback without', () => {
    expect(loadConfig({ DEMO: '1' }).trustProxy).toBe('loopback,linklocal,uniquelocal');
    expect(loadConfig({ DEMO: '0' }).trustProxy).toBe('loopback');
    expect(loadConfig({ DEMO: '0', TRUST_PROXY: '10.0.0.5,10.0.0.6' }).trustProxy).toBe('10.0.0.5,10.0.0.6');
    expect(loadConfig({ DEMO: '0', TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('DEMO=0 without PUBLIC_URL: its default, http://localhost, is said', () => {
    const config = loadConfig({ DEMO: '0', PORT: '8080' });
    expect(startupWarnings(config)).toEqual([STARTUP_WARNING_TEXTS.httpPublicUrl('http://localhost:8080')]);
  });
});
