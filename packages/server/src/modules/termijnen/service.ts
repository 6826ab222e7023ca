import {
  TERMIJN_TEXTS,
  sameMoment,
  type Termijn,
  type TermijnInput,
  type Termijnen,
  type termijnEditSchema,
} from '@knooppunt/domain';
import type { z } from 'zod';
import type { AuditService } from '../../audit/service';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { ConflictError, NotFoundError } from '../../errors';
import { isNetbeheerder } from '../organisations/repository';
import { changerOf } from '../regels/acting-for';
import {
  dailyMailOf,
  deleteTermijn,
  insertTermijn,
  listTermijnen,
  lockTermijn,
  setDailyMail,
  updateTermijn,
  type TermijnRecord,
} from './repository';

type EditBody = z.output<typeof termijnEditSchema>;

export type TermijnenService = ReturnType<typeof createTermijnenService>;

export function toTermijn(row: TermijnRecord): Termijn {
  return {
    id: row.id,
    netbeheerder: row.netbeheerder,
    flow: row.flow,
    van: row.van,
    tot: row.tot,
    aantal: row.aantal,
    eenheid: row.eenheid,
    omschrijving: TERMIJN_TEXTS.omschrijving(row),
    created: row.created.toISOString(),
    changed: row.changed.toISOString(),
  };
}

/**
 * A netbeheerder's order deadlines (decision 0063). Anyone with a business-rules right reads any
 * netbeheerder's: they are the terms its contractors work to, as its published rules are. Changing
 * them is for the netbeheerder's own users with the edit-concept right, or the super role acting
 * for it (decision 0029), audited.
 */
export function createTermijnenService({
  db,
  audit,
  changed,
}: {
  db: Database;
  audit: AuditService;
  /** A deadline changed: the lists' rules are read again and the orders past one refreshed. */
  changed: () => void;
}) {
  /** 404 for a name that is no netbeheerder: nothing is kept for it. */
  const netbeheerderOf = async (netbeheerder: string) => {
    if (!(await isNetbeheerder(db, netbeheerder))) throw new NotFoundError(TERMIJN_TEXTS.netbeheerderNotFound);
    return netbeheerder;
  };
  const changer = (user: AuthUser, netbeheerder: string) => changerOf(user, netbeheerder, TERMIJN_TEXTS.notAllowed);
  /** A second deadline for the same pair of types, also when two saves race, is a 409. */
  const refuseTwins = async <T>(input: TermijnInput, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw isUniqueViolation(error) ? new ConflictError(TERMIJN_TEXTS.exists(input.van, input.tot)) : error;
    }
  };

  return {
    async get(netbeheerder: string): Promise<Termijnen> {
      await netbeheerderOf(netbeheerder);
      const rows = await listTermijnen(db, netbeheerder);
      return { netbeheerder, dagelijkseMail: await dailyMailOf(db, netbeheerder), termijnen: rows.map(toTermijn) };
    },

    async create(user: AuthUser, netbeheerder: string, input: TermijnInput): Promise<Termijn> {
      await netbeheerderOf(netbeheerder);
      const actor = changer(user, netbeheerder);
      return refuseTwins(input, () =>
        db.transaction(async (tx) => {
          const row = await insertTermijn(tx, netbeheerder, input);
          if (!row) throw new ConflictError(TERMIJN_TEXTS.exists(input.van, input.tot));
          const termijn = toTermijn(row);
          await audit.record(tx, actor, {
            action: 'termijn.create',
            subjectType: 'termijn',
            subjectId: row.id,
            after: termijn,
          });
          return termijn;
        }),
      ).finally(changed);
    },

    async update(user: AuthUser, netbeheerder: string, id: string, body: EditBody): Promise<Termijn> {
      await netbeheerderOf(netbeheerder);
      const actor = changer(user, netbeheerder);
      return refuseTwins(body.termijn, () =>
        db.transaction(async (tx) => {
          const row = await lockTermijn(tx, netbeheerder, id);
          if (!row) throw new NotFoundError(TERMIJN_TEXTS.notFound);
          if (!sameMoment(row.changed, body.basedOn.changed)) throw new ConflictError(TERMIJN_TEXTS.changed);
          const before = toTermijn(row);
          const after = toTermijn(await updateTermijn(tx, id, body.termijn));
          await audit.record(tx, actor, {
            action: 'termijn.update',
            subjectType: 'termijn',
            subjectId: id,
            before,
            after,
          });
          return after;
        }),
      ).finally(changed);
    },

    async remove(user: AuthUser, netbeheerder: string, id: string): Promise<void> {
      await netbeheerderOf(netbeheerder);
      const actor = changer(user, netbeheerder);
      await db.transaction(async (tx) => {
        const row = await lockTermijn(tx, netbeheerder, id);
        if (!row) throw new NotFoundError(TERMIJN_TEXTS.notFound);
        await deleteTermijn(tx, id);
        await audit.record(tx, actor, {
          action: 'termijn.delete',
          subjectType: 'termijn',
          subjectId: id,
          before: toTermijn(row),
        });
      });
      changed();
    },

    async setDailyMail(user: AuthUser, netbeheerder: string, dagelijkseMail: boolean): Promise<Termijnen> {
      await netbeheerderOf(netbeheerder);
      const actor = changer(user, netbeheerder);
      await db.transaction(async (tx) => {
        const before = await dailyMailOf(tx, netbeheerder);
        await setDailyMail(tx, netbeheerder, dagelijkseMail);
        await audit.record(tx, actor, {
          action: 'termijn.mail',
          subjectType: 'termijn',
          subjectId: netbeheerder,
          before: { dagelijkseMail: before },
          after: { dagelijkseMail },
        });
      });
      return this.get(netbeheerder);
    },
  };
}
