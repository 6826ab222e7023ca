import { EXAMPLE_BERICHTEN, messageTypesFor, type MessageType, type RunView, type Side } from '@knooppunt/domain';
import { bearer, tokenFor, type TestApp } from '../helpers';
import { reply, startLocalServer, type LocalServer, type ReceivedRequest } from './local-server';

/*
 * A participant's system for the Testtool's tests (decision 0040): a real HTTP callback server
 * with its own token endpoint, a test configuration pointing at it, and a test client that sends
 * into the test environment. It answers what a conformance run asks of it — or, told to, gets it
 * wrong in one of the ways a real system does.
 */

export type Misbehaviour =
  /** Sends another type the lifecycle allows, instead of the expected one. */
  | { kind: 'wrongAnswer'; instead: MessageType }
  /** Never answers. */
  | { kind: 'silent' }
  /** Sends a type the order's status does not allow yet (Knooppunt refuses it) `times` times, then nothing. */
  | { kind: 'outOfOrder'; instead: MessageType; times?: number }
  /** Answers every step twice, as a system that processes a redelivery as a new message does. */
  | { kind: 'twice' };

export interface ReferenceParticipant {
  deelnemer: string;
  callbacks: ReceivedRequest[];
  /** Plays its side of a run until the run ends; answers the run as it ended. */
  play(runId: string, misbehaviour?: Misbehaviour): Promise<RunView>;
  close(): Promise<void>;
}

const TOKEN = 'referentie-token';
/** How often it looks at its run: what a person at the Testtool screen would see change. */
const POLL_MS = 150;

export async function startReferenceParticipant(
  t: TestApp,
  options: {
    deelnemer: string;
    type: 'Aannemer' | 'Netbeheerder';
    /** A user who creates organisations and test configurations. */
    beheer: Record<string, string>;
    /** The status its callback answers (200 unless given): a system that fails every delivery. */
    callbackStatus?: number;
  },
): Promise<ReferenceParticipant> {
  const { deelnemer, beheer } = options;
  const callbacks: ReceivedRequest[] = [];
  const server: LocalServer = await startLocalServer((request, response) => {
    if (request.url === '/token')
      return reply(response, 200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 });
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return reply(response, 401, {});
    callbacks.push(request);
    return reply(response, options.callbackStatus ?? 200, {});
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    headers: Record<string, string>,
    body?: object,
  ) => t.app.inject({ method, url, headers, ...(body && { payload: body }) });
  const created = await call('POST', '/rest/organisations', beheer, { organisatie: deelnemer, type: options.type });
  if (created.statusCode !== 201) throw new Error(`organisation ${deelnemer}: ${created.body}`);
  // Its test configuration of both flows: every type its side receives, at its server.
  const side: Side = options.type === 'Aannemer' ? 'opdrachtnemer' : 'opdrachtgever';
  for (const [flow, versienummer] of [
    ['aansluiting', '2.0'],
    ['hoofdnet', 'h1.0'],
  ] as const) {
    const key = { deelnemer, versienummer };
    const urls = Object.fromEntries(
      messageTypesFor(flow, side).map((type) => [type, `${server.origin}/callback/${type}`]),
    );
    const config = { clientId: deelnemer, clientSecret: 'referentie-geheim', tokenUrl: `${server.origin}/token`, urls };
    for (const [method, url, body] of [
      ['POST', '/test/rest/management/config', { ...key, config }],
      ['PATCH', '/test/rest/management/config', key],
      ['PUT', '/test/rest/management/message-sender', { ...key, version: 1 }],
    ] as const) {
      const answer = await call(method, url, beheer, body);
      if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.body}`);
    }
  }
  const system = bearer(await tokenFor(t, { deelnemer, clientId: `${deelnemer}-test`, omgeving: 'test' }));
  const tester = bearer(await tokenFor(t, { deelnemer, roles: ['Testtool Verzenden'] }));

  const send = (type: MessageType, run: RunView, data: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/berichten',
      headers: system,
      payload: {
        type,
        versienummer: EXAMPLE_BERICHTEN[type].versienummer,
        opdrachtId: run.opdrachtId,
        data: { ...EXAMPLE_BERICHTEN[type].data, ...data },
      },
    });

  return {
    deelnemer,
    callbacks,
    async play(runId, misbehaviour) {
      const answered = new Set<number>();
      for (;;) {
        const run = (await call('GET', `/rest/testtool/runs/${runId}`, tester)).json() as RunView;
        if (run.status !== 'lopend') return run;
        const expected = run.verwacht;
        if (expected && !answered.has(run.step) && misbehaviour?.kind !== 'silent') {
          answered.add(run.step);
          if (misbehaviour?.kind === 'wrongAnswer') await send(misbehaviour.instead, run, {});
          else if (misbehaviour?.kind === 'outOfOrder') {
            for (let time = 0; time < (misbehaviour.times ?? 1); time++) await send(misbehaviour.instead, run, {});
          } else {
            await send(expected.type as MessageType, run, expected.data);
            if (misbehaviour?.kind === 'twice') await send(expected.type as MessageType, run, expected.data);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    close: () => server.close(),
  };
}
