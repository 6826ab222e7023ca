import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';

const SECRET = 'Log-Geheim-4f9a2c';
const lines: string[] = [];
let t: TestApp;
let beheer: Record<string, string>;

// Every log line at the most talkative level, while secrets travel through create, update,
// a connection check whose token endpoint refuses them, and failing requests.
beforeAll(async () => {
  t = await createListeningTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
  beheer = bearer(await tokenFor(t, { roles: ['Beheer ziet alles', 'Opdrachtverstrekking Beheren'] }));
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: beheer, payload });

describe('client secrets', () => {
  it('never appear in a log line, an answer or an error message', async () => {
    const tokenUrl = `${t.config.publicUrl}/demo-deelnemers/Log_Test/token`;
    const config = { clientId: 'wrong-client', clientSecret: SECRET, tokenUrl };
    const answers = [
      await send('POST', '/rest/management/config', { deelnemer: 'Log_Test', versienummer: '2.0', config }),
      await send('PUT', '/rest/management/config', {
        deelnemer: 'Log_Test',
        versienummer: '2.0',
        config: { ...config, clientSecret: `${SECRET}-2`, urls: { TG: 'https://x.example' } },
      }),
      await send('POST', '/rest/management/connection-check', {
        deelnemer: 'Log_Test',
        versienummer: '2.0',
        version: 1,
        draft: true,
      }),
      await send('POST', '/rest/management/config', { deelnemer: 'Log_Test', versienummer: '2.0', config }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 400, 200, 409]);
    expect(answers[2]?.json().results.tokenUrl).toMatchObject({ success: false });
    expect(lines.length).toBeGreaterThan(8);
    for (const text of [...lines, ...answers.map((answer) => answer.body)]) expect(text).not.toContain(SECRET);
  });
});
