import { VERSIENUMMER_AANSLUITING, VERSIENUMMER_HOOFDNET, flowOf, urlGroups, type Side } from '@knooppunt/domain';
import { MAX_CONCURRENT_MESSAGES } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { configurations } from '../db/schema';
import type { SecretCipher } from '../secrets/cipher';
import { secretContext } from '../secrets/context';
import { saveSender } from '../modules/senders/repository';
import { DEMO_ORGANISATIONS } from './data';
import { demoParticipantEndpoints } from './participants';

/** Which callback URLs a demo participant has: the types its side of an order receives. */
const SIDES_BY_TYPE: Record<string, Side[]> = {
  Netbeheerder: ['opdrachtgever'],
  'Gedelegeerd netbeheerder': ['opdrachtgever'],
  Aannemer: ['opdrachtnemer'],
  Combi: ['opdrachtnemer'],
  'Implementatie partner': ['opdrachtgever', 'opdrachtnemer'],
};

/** The participant whose 2.0 configuration also has a draft waiting, so the overview shows one. */
export const DEMO_DRAFT_PARTICIPANT = 'Netbeheer_Noord';
/**
 * The participant whose sending is paused in both flows, so messages to it wait visibly. Not one
 * the browser tests pause and resume themselves (e2e/tests/configs.spec.ts).
 */
export const DEMO_PAUSED_PARTICIPANT = 'Netbeheer_West';

/**
 * Demo configurations: every demo participant has an active, running configuration for '2.0' and
 * 'h1.0' pointing at its demo endpoints on this server; one participant has a draft and one is
 * paused. Pairs that exist already are left alone.
 */
export async function seedDemoConfigs(db: Database, cipher: SecretCipher, publicUrl: string): Promise<void> {
  const existing = new Set(
    (
      await db
        .select({ deelnemer: configurations.deelnemer, versienummer: configurations.versienummer })
        .from(configurations)
    ).map((row) => secretContext(row.deelnemer, row.versienummer)),
  );
  await db.transaction(async (tx) => {
    for (const organisation of DEMO_ORGANISATIONS) {
      const sides = SIDES_BY_TYPE[organisation.type];
      if (!sides) continue;
      for (const versienummer of [VERSIENUMMER_AANSLUITING, VERSIENUMMER_HOOFDNET]) {
        const deelnemer = organisation.metadata.deelnemer ?? organisation.organisatie;
        if (existing.has(secretContext(deelnemer, versienummer))) continue;
        const endpoints = demoParticipantEndpoints(publicUrl, deelnemer);
        const groups = urlGroups(flowOf(versienummer));
        const row = {
          deelnemer,
          versienummer,
          clientId: endpoints.clientId,
          clientSecretEncrypted: cipher.encrypt(endpoints.clientSecret, secretContext(deelnemer, versienummer)),
          tokenUrl: endpoints.tokenUrl,
          scope: '',
          emails: [`koppeling@${deelnemer.toLowerCase().replaceAll('_', '-')}.example`],
          useMtls: false,
          urls: Object.fromEntries(
            sides.flatMap((side) => groups[side]).map((type) => [type, endpoints.callbackUrl(type)]),
          ),
        };
        await tx.insert(configurations).values({ ...row, version: 1, draft: false });
        await saveSender(
          tx,
          {
            deelnemer,
            versienummer,
            version: 1,
            running: deelnemer !== DEMO_PAUSED_PARTICIPANT,
            maxMessages: MAX_CONCURRENT_MESSAGES.default,
          },
          'demo',
        );
        if (deelnemer === DEMO_DRAFT_PARTICIPANT && versienummer === VERSIENUMMER_AANSLUITING) {
          await tx.insert(configurations).values({ ...row, scope: 'knooppunt', version: 2, draft: true });
        }
      }
    }
  });
}
