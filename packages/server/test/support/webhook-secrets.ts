import type { ConfigKey } from '@knooppunt/domain';
import { createAuditService } from '../../src/audit/service';
import type { Database } from '../../src/db/client';
import { createWebhookSecretsService } from '../../src/modules/webhook-secrets/service';
import type { SecretCipher } from '../../src/secrets/cipher';
import { serviceUser } from '../helpers';

/**
 * Makes the receiver a new signing secret as 'Nieuw geheim' in the portal does (decision 0061),
 * by the operator; answers the secret. The receiver needs a configuration of the version number.
 */
export async function issueWebhookSecret(
  db: Database,
  cipher: SecretCipher,
  deelnemer: string,
  { versienummer = '2.0', graceHours = 24 }: { versienummer?: ConfigKey['versienummer']; graceHours?: number } = {},
): Promise<string> {
  const service = createWebhookSecretsService({ db, audit: createAuditService(), cipher, graceHours });
  const user = serviceUser(['Beheer ziet alles', 'Opdrachtverstrekking Beheren'], 'Knooppunt_Beheer');
  return (await service.issue(user, { deelnemer, versienummer })).secret;
}
