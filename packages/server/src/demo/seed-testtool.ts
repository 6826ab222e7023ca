import {
  MAX_CONCURRENT_MESSAGES,
  VERSIENUMMER_AANSLUITING,
  VERSIENUMMER_HOOFDNET,
  flowOf,
  urlGroups,
  type Side,
} from '@knooppunt/domain';
import type { Database } from '../db/client';
import { configurations, implementationLinks } from '../db/schema';
import { saveSender } from '../modules/senders/repository';
import type { SecretCipher } from '../secrets/cipher';
import { secretContext } from '../secrets/context';
import { DEMO_IMPLEMENTATION_LINKS, DEMO_TESTTOOL_PARTICIPANTS } from './data';
import { demoParticipantEndpoints } from './participants';

/*
 * The demo's Testtool (issue 28): test configurations of the participants whose demo users have
 * 'Testtool Verzenden', at the demo's test callbacks (which take the simulator's messages; a person
 * answers in the Testtool screen), and the demo's implementation partner's link.
 */
export async function seedDemoTesttool(
  db: Database,
  testDb: Database,
  cipher: SecretCipher,
  publicUrl: string,
): Promise<void> {
  await db.insert(implementationLinks).values(DEMO_IMPLEMENTATION_LINKS).onConflictDoNothing();
  const existing = new Set(
    (
      await testDb
        .select({ deelnemer: configurations.deelnemer, versienummer: configurations.versienummer })
        .from(configurations)
    ).map((row) => secretContext(row.deelnemer, row.versienummer)),
  );
  await testDb.transaction(async (tx) => {
    for (const [deelnemer, side] of Object.entries(DEMO_TESTTOOL_PARTICIPANTS) as [string, Side][]) {
      for (const versienummer of [VERSIENUMMER_AANSLUITING, VERSIENUMMER_HOOFDNET]) {
        if (existing.has(secretContext(deelnemer, versienummer))) continue;
        const endpoints = demoParticipantEndpoints(publicUrl, deelnemer);
        await tx.insert(configurations).values({
          deelnemer,
          versienummer,
          version: 1,
          draft: false,
          clientId: endpoints.clientId,
          clientSecretEncrypted: cipher.encrypt(endpoints.clientSecret, secretContext(deelnemer, versienummer)),
          tokenUrl: endpoints.tokenUrl,
          urls: Object.fromEntries(
            urlGroups(flowOf(versienummer))[side].map((type) => [type, endpoints.testCallbackUrl(type)]),
          ),
        });
        await saveSender(
          tx,
          { deelnemer, versienummer, version: 1, running: true, maxMessages: MAX_CONCURRENT_MESSAGES.default },
          'demo',
        );
      }
    }
  });
}
