import { Counter, type Registry } from 'prom-client';
import type { AuditService } from '../audit/service';
import type { Database } from '../db/client';
import type { Lock } from './throttle';

/** The login form (`login`, accounts by e-mail address) or the token endpoint (`token`, clients by id). */
export type Endpoint = 'login' | 'token';

export type LoginEvents = ReturnType<typeof createLoginEvents>;

const ANONYMOUS = 'anoniem';

/**
 * Failed logins in /metrics (by endpoint and reason, never by account) and in the audit log (the
 * e-mail address or client id tried and the source address, never the password). Attempts refused
 * while locked are only counted: written each, a locked-out attacker would fill the audit log.
 */
export function createLoginEvents({ db, audit, registry }: { db: Database; audit: AuditService; registry: Registry }) {
  const failures = new Counter({
    name: 'knooppunt_login_failures_total',
    help: 'Failed logins at the embedded provider by endpoint (login form, token endpoint) and reason',
    labelNames: ['endpoint', 'reason'] as const,
    registers: [registry],
  });
  const locks = new Counter({
    name: 'knooppunt_login_locks_total',
    help: 'Temporary locks after too many failed logins, by endpoint and what was locked (account or address)',
    labelNames: ['endpoint', 'scope'] as const,
    registers: [registry],
  });
  const subjectType = (endpoint: Endpoint) => (endpoint === 'login' ? 'account' : 'client');

  return {
    /** Wrong credentials for `tried` (empty when none was given) from `address`, and the lock it started. */
    async failed(endpoint: Endpoint, tried: string, address: string, lock: Lock | undefined): Promise<void> {
      failures.inc({ endpoint, reason: 'invalid_credentials' });
      if (lock) locks.inc({ endpoint, scope: lock.scope });
      const actor = { sub: ANONYMOUS, email: tried || undefined };
      await db.transaction(async (tx) => {
        await audit.record(tx, actor, {
          action: `${endpoint}.failed`,
          subjectType: subjectType(endpoint),
          subjectId: tried,
          after: { address },
        });
        if (lock) {
          await audit.record(tx, actor, {
            action: `${endpoint}.locked`,
            subjectType: lock.scope === 'account' ? subjectType(endpoint) : 'address',
            subjectId: lock.scope === 'account' ? tried : address,
            after: { address, lockSeconds: lock.retryAfterSeconds },
          });
        }
      });
    },
    /** The right password of a blocked account or of a deactivated organisation's: counted and audited. */
    async refusedAccount(email: string, reason: 'blocked' | 'deactivated', address: string): Promise<void> {
      failures.inc({ endpoint: 'login', reason });
      await db.transaction((tx) =>
        audit.record(
          tx,
          { sub: ANONYMOUS, email },
          { action: 'login.refused', subjectType: 'account', subjectId: email, after: { address, reason } },
        ),
      );
    },
    refused(endpoint: Endpoint): void {
      failures.inc({ endpoint, reason: 'locked' });
    },
  };
}
