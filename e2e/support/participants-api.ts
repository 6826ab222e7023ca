import { randomUUID } from 'node:crypto';
import { EXAMPLE_BERICHTEN, type Flow, type MessageType } from '@knooppunt/domain';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Seeding through the participants' API, as the demo participants' own systems would: their
 * client credentials are `<deelnemer>-systeem` / `demo-secret` (packages/server/src/idp/clients.ts).
 * In the demo, Aannemer_Gamma's token has no validity, so every delivery to it fails (uitval), and
 * Netbeheer_West's sending is paused, so messages to it wait; neither answers, which keeps what a
 * test seeds exactly as seeded. Orders go only to registered contractors (Aannemer or Combi): a
 * test's own receiver is registered by `connectDemoReceiver` / `waitingReceiver` (configs.ts).
 */
const DEMO_CLIENT_SECRET = 'demo-secret';

export const FAILS = 'Aannemer_Gamma';
export const WAITS = 'Netbeheer_West';
/** Gives orders in the uitval paging tests only, so they know how many failed messages it has sent. */
export const SENDS_TO_UITVAL = 'Netbeheer_Zuid';

/** A system's token serves many messages, as a real system's would: seeding 51 orders is then 51 calls. */
const tokens = new Map<string, { token: string; renewAt: number }>();

async function systemToken(request: APIRequestContext, deelnemer: string): Promise<string> {
  const cached = tokens.get(deelnemer);
  if (cached && Date.now() < cached.renewAt) return cached.token;
  const basic = Buffer.from(`${deelnemer.toLowerCase()}-systeem:${DEMO_CLIENT_SECRET}`).toString('base64');
  const response = await request.post('/oidc/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { access_token: token, expires_in: seconds } = (await response.json()) as {
    access_token: string;
    expires_in: number;
  };
  // Renewed at half its life, so a token never expires between the cache and the call.
  tokens.set(deelnemer, { token, renewAt: Date.now() + (seconds * 1000) / 2 });
  return token;
}

/** Offers the domain's example message of `type` about `opdrachtId`, with `data` changed where given. */
export async function offerBericht(
  request: APIRequestContext,
  deelnemer: string,
  type: MessageType,
  opdrachtId: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  const example = EXAMPLE_BERICHTEN[type];
  const response = await request.post('/api/v1/berichten', {
    headers: { authorization: `Bearer ${await systemToken(request, deelnemer)}` },
    data: { ...example, opdrachtId, data: { ...example.data, ...data } },
  });
  expect(response.status(), await response.text()).toBe(202);
}

/** An order id no other test uses, also when the whole suite shares one server. */
export function newOpdrachtId(prefix: string): string {
  return `E2E-${prefix}-${randomUUID().slice(0, 8)}`;
}

/**
 * A participant name no other test uses, for a receiver of its own (register it before giving it
 * orders: `connectDemoReceiver` in configs.ts does). Without a configuration the
 * platform cannot deliver to it: the worker's sweep fails its messages into uitval. For messages
 * that should wait as seeded, connect it with its sender paused (`waitingReceiver`, configs.ts).
 */
export function newDeelnemer(prefix: string): string {
  return `E2E_${prefix}_${randomUUID().slice(0, 8)}`;
}

/** A new Aansluiting order of Netbeheer_Noord to `opdrachtnemer`; answers its id. */
export async function newOpdracht(request: APIRequestContext, opdrachtnemer: string, prefix = 'A'): Promise<string> {
  const opdrachtId = newOpdrachtId(prefix);
  await offerBericht(request, 'Netbeheer_Noord', 'Opdracht', opdrachtId, { opdrachtnemer });
  return opdrachtId;
}

/**
 * A new Hoofdnet order of Netbeheer_West to Aannemer_Gamma (so its order message fails), accepted
 * and planned by Gamma, with `leveringen` Deelleveringen `<id>-DL1`, `<id>-DL2`, …; answers its id.
 */
export async function newHoofdnetOpdracht(request: APIRequestContext, leveringen = 0, prefix = 'H'): Promise<string> {
  const opdrachtId = newOpdrachtId(prefix);
  await offerBericht(request, WAITS, 'OpdrachtHoofdnet', opdrachtId, { opdrachtnemer: FAILS });
  if (leveringen === 0) return opdrachtId;
  await offerBericht(request, FAILS, 'BeoordelingHoofdnet', opdrachtId, { akkoord: true });
  await offerBericht(request, FAILS, 'PlanningHoofdnet', opdrachtId);
  for (let n = 1; n <= leveringen; n++) {
    await offerBericht(request, FAILS, 'Deellevering', opdrachtId, { leveringId: `${opdrachtId}-DL${n}` });
  }
  return opdrachtId;
}

const OPDRACHT_TYPES: Record<Flow, MessageType> = { aansluiting: 'Opdracht', hoofdnet: 'OpdrachtHoofdnet' };
const OPDRACHTGEVERS: Record<Flow, string> = { aansluiting: 'Netbeheer_Noord', hoofdnet: WAITS };

/**
 * `count` new orders to `opdrachtnemer`, given one after the other (by default Aansluiting orders of
 * Netbeheer_Noord, Hoofdnet orders of Netbeheer_West). Their ids share a new prefix and end in a
 * sequence number, so on Opdracht ID, on Aangemaakt and on Gewijzigd alike they sort in the order
 * answered.
 */
export async function newOpdrachten(
  request: APIRequestContext,
  opdrachtnemer: string,
  count: number,
  options: { flow?: Flow; opdrachtgever?: string; prefix?: string } = {},
): Promise<string[]> {
  const { flow = 'aansluiting', prefix = 'REEKS' } = options;
  const opdrachtgever = options.opdrachtgever ?? OPDRACHTGEVERS[flow];
  const base = newOpdrachtId(prefix);
  const ids = Array.from({ length: count }, (_, n) => `${base}-${String(n + 1).padStart(String(count).length, '0')}`);
  for (const opdrachtId of ids) {
    await offerBericht(request, opdrachtgever, OPDRACHT_TYPES[flow], opdrachtId, { opdrachtnemer });
  }
  return ids;
}
