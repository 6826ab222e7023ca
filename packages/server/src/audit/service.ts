import type { Omgeving } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { insertAuditEntry } from './repository';

export interface Actor {
  sub: string;
  email?: string | undefined;
  deelnemer?: string | undefined;
  /** The netbeheerder a super-role user acts for, when not its own deelnemer (decision 0029). */
  actingFor?: string | undefined;
  /** The user's own organisation while it acts for another (then `deelnemer`, decision 0041). */
  actingAs?: string | undefined;
}

export interface AuditEntry {
  action: string;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
}

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * Every write records itself through this service, inside the transaction of the write, so a
 * change and its audit record commit or roll back together.
 */
export function createAuditService({ omgeving = 'productie' }: { omgeving?: Omgeving } = {}) {
  // A change in the test environment (decision 0038) says so in its subject: 'configuratie (test)'.
  const subjectSuffix = omgeving === 'test' ? ' (test)' : '';
  return {
    async record(tx: Database, actor: Actor, entry: AuditEntry): Promise<void> {
      await insertAuditEntry(tx, {
        actor: actor.email ?? actor.sub,
        actorDeelnemer: actor.actingAs ?? actor.deelnemer ?? null,
        actingFor: actor.actingFor ?? null,
        action: entry.action,
        subjectType: entry.subjectType + subjectSuffix,
        subjectId: entry.subjectId,
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },
  };
}
