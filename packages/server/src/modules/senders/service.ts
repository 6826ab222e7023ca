import {
  CONFIG_TEXTS,
  MAX_CONCURRENT_MESSAGES,
  MAX_MESSAGES_PER_SECOND,
  type Sender,
  type SenderLogEntry,
} from '@knooppunt/domain';
import type { AuditService } from '../../audit/service';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import { visibleDeelnemer } from '../../auth/tenancy';
import { secretContext } from '../../secrets/context';
import { listSenderLog, listSenders, lockSender, newestActiveVersion, saveSender, type SenderRow } from './repository';

interface Key {
  deelnemer: string;
  versienummer: string;
}
export type SenderChange = Key & ({ running: boolean } | { maxMessages: number } | { maxPerSecond: number });

export type SendersService = ReturnType<typeof createSendersService>;

export function toSender(row: SenderRow): Sender {
  return {
    deelnemer: row.deelnemer,
    versienummer: row.versienummer,
    version: row.version,
    running: row.running,
    maxMessages: row.maxMessages,
    maxPerSecond: row.maxPerSecond,
    changed: row.changed.toISOString(),
  };
}

export function createSendersService({ db, audit }: { db: Database; audit: AuditService }) {
  const assertVisible = (user: AuthUser, deelnemer: string) => {
    const only = visibleDeelnemer(user);
    if (only !== undefined && only !== deelnemer) throw new NotFoundError(CONFIG_TEXTS.noSender);
  };
  const record = (tx: Database, user: AuthUser, action: string, key: Key, before: Sender | null, after: Sender) =>
    audit.record(tx, user, {
      action,
      subjectType: 'sender',
      subjectId: secretContext(key.deelnemer, key.versienummer),
      before,
      after,
    });

  return {
    async list(user: AuthUser, versienummer: string | undefined): Promise<Sender[]> {
      const only = visibleDeelnemer(user);
      const rows = await listSenders(db, {
        ...(versienummer && { versienummer }),
        ...(only !== undefined && { onlyDeelnemer: only }),
      });
      return rows.map(toSender);
    },

    /**
     * 'Use the newest configuration': the sender runs with the newest active version, and is
     * created when there was none. `version` is the newest version the caller saw; a newer one
     * activated meanwhile is a 409, so nobody switches to a version they have not looked at.
     */
    async useNewest(user: AuthUser, key: Key & { version: number }): Promise<Sender> {
      assertVisible(user, key.deelnemer);
      return db.transaction(async (tx) => {
        const newest = await newestActiveVersion(tx, key.deelnemer, key.versienummer);
        if (newest === undefined) throw new NotFoundError(CONFIG_TEXTS.noActiveConfig);
        if (newest !== key.version) throw new ConflictError(CONFIG_TEXTS.staleVersion(newest));
        const current = await lockSender(tx, key.deelnemer, key.versienummer);
        if (current?.version === newest) throw new ConflictError(CONFIG_TEXTS.alreadyNewest);
        const saved = toSender(
          await saveSender(
            tx,
            {
              deelnemer: key.deelnemer,
              versienummer: key.versienummer,
              version: newest,
              running: true,
              maxMessages: current?.maxMessages ?? MAX_CONCURRENT_MESSAGES.default,
              maxPerSecond: current?.maxPerSecond ?? MAX_MESSAGES_PER_SECOND.default,
            },
            user.email ?? user.sub,
          ),
        );
        await record(tx, user, 'sender.useNewest', key, current ? toSender(current) : null, saved);
        return saved;
      });
    },

    /**
     * Pause or resume sending, or set the maximum number of concurrent messages or of messages per
     * second (the workers read a new limit within a second, delivery/rate-limits.ts).
     */
    async change(user: AuthUser, change: SenderChange): Promise<Sender> {
      assertVisible(user, change.deelnemer);
      return db.transaction(async (tx) => {
        const current = await lockSender(tx, change.deelnemer, change.versienummer);
        if (!current) throw new NotFoundError(CONFIG_TEXTS.noSender);
        const saved = toSender(await saveSender(tx, { ...current, ...change }, user.email ?? user.sub));
        const action =
          'running' in change
            ? change.running
              ? 'sender.resume'
              : 'sender.pause'
            : 'maxMessages' in change
              ? 'sender.maxMessages'
              : 'sender.maxPerSecond';
        await record(tx, user, action, change, toSender(current), saved);
        return saved;
      });
    },

    async log(user: AuthUser, key: Key): Promise<SenderLogEntry[]> {
      assertVisible(user, key.deelnemer);
      const rows = await listSenderLog(db, key.deelnemer, key.versienummer);
      return rows.map((row) => ({ ...row, date: row.date.toISOString() }));
    },
  };
}
