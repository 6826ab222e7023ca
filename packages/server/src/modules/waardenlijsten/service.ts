import {
  WAARDENLIJST_TEXTS,
  valueTreeOf,
  waardenlijstOmschrijving,
  type ValueNode,
  type Waardenlijst,
  type WaardenlijstRow,
  type createWaardenlijstSchema,
  type patchWaardeSchema,
  type waardenlijstQuerySchema,
} from '@knooppunt/domain';
import type { z } from 'zod';
import type { AuditService } from '../../audit/service';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import {
  deleteWaardenlijst,
  findWaardenlijst,
  insertWaardenlijst,
  listWaardenlijsten,
  lockWaardenlijst,
  updateTrees,
  type WaardenlijstRecord,
} from './repository';
import { changerOf, netbeheerderFor } from '../regels/acting-for';

type Query = z.output<typeof waardenlijstQuerySchema>;
type CreateBody = z.output<typeof createWaardenlijstSchema>;
type PatchBody = z.output<typeof patchWaardeSchema>;

export type WaardenlijstenService = ReturnType<typeof createWaardenlijstenService>;

const toRow = (row: Omit<WaardenlijstRecord, 'tgWaardenlijsten' | 'agaWaardenlijsten'>): WaardenlijstRow => ({
  _id: row.id,
  netbeheerder: row.netbeheerder,
  omschrijving: row.omschrijving,
  discipline: row.discipline,
  berichtVersie: row.berichtVersie,
  created: row.created.toISOString(),
  changed: row.changed.toISOString(),
});

const toView = (row: WaardenlijstRecord): Waardenlijst => ({
  ...toRow(row),
  tgWaardenlijsten: row.tgWaardenlijsten,
  agaWaardenlijsten: row.agaWaardenlijsten,
});

/**
 * Spec 001 §6: changing or deleting a list needs the list's netbeheerder to be the caller's
 * deelnemer, or a super-role user acting for it (decision 0029). Answers the actor to audit.
 */
const changer = (user: AuthUser, row: WaardenlijstRecord) =>
  changerOf(user, row.netbeheerder, WAARDENLIJST_TEXTS.nietEigen);

function findNode(nodes: ValueNode[], id: string): ValueNode | undefined {
  for (const node of nodes) {
    const found = node.id === id ? node : findNode(node.waardenlijsten, id);
    if (found) return found;
  }
  return undefined;
}

export function createWaardenlijstenService({ db, audit }: { db: Database; audit: AuditService }) {
  return {
    async list(query: Query) {
      const { items, count } = await listWaardenlijsten(db, query);
      return { items: items.map(toRow), count, skip: query.skip, limit: query.limit };
    },

    async get(id: string): Promise<Waardenlijst> {
      const row = await findWaardenlijst(db, id);
      if (!row) throw new NotFoundError(WAARDENLIJST_TEXTS.nietGevonden);
      return toView(row);
    },

    /** A new list of the caller's netbeheerder (or the one it acts for), every value of the catalogue allowed. */
    async create(user: AuthUser, body: CreateBody): Promise<Waardenlijst> {
      const { netbeheerder, actor } = await netbeheerderFor(
        db,
        user,
        body.netbeheerder,
        WAARDENLIJST_TEXTS.geenNetbeheerder,
      );
      return db.transaction(async (tx) => {
        const created = await insertWaardenlijst(tx, {
          netbeheerder,
          berichtVersie: body.berichtVersie,
          discipline: body.discipline,
          omschrijving: waardenlijstOmschrijving(body.discipline, body.berichtVersie, netbeheerder),
          tgWaardenlijsten: valueTreeOf(body.discipline, 'tg'),
          agaWaardenlijsten: valueTreeOf(body.discipline, 'aga'),
        });
        if (!created) throw new ConflictError(WAARDENLIJST_TEXTS.bestaatAl(body.berichtVersie, body.discipline));
        const view = toView(created);
        await audit.record(tx, actor, { action: 'waardenlijst.create', ...subject(created), after: toRow(created) });
        return view;
      });
    },

    /** Allows or disallows one value of one node; the row stays locked from read to write. */
    async setWaarde(user: AuthUser, id: string, body: PatchBody): Promise<Waardenlijst> {
      return db.transaction(async (tx) => {
        const row = await lockWaardenlijst(tx, id);
        if (!row) throw new NotFoundError(WAARDENLIJST_TEXTS.nietGevonden);
        const actor = changer(user, row);
        const trees = {
          tgWaardenlijsten: structuredClone(row.tgWaardenlijsten),
          agaWaardenlijsten: structuredClone(row.agaWaardenlijsten),
        };
        const node = findNode([...trees.tgWaardenlijsten, ...trees.agaWaardenlijsten], body.id);
        if (!node) throw new ValidationError('id', WAARDENLIJST_TEXTS.onbekendeNode);
        const waarde = node.waarden.find((candidate) => candidate.waarde === body.waarde);
        if (!waarde) throw new ValidationError('waarde', WAARDENLIJST_TEXTS.onbekendeWaarde(body.waarde));
        const before = { node: node.id, waarde: waarde.waarde, toegestaan: waarde.toegestaan };
        waarde.toegestaan = body.toegestaan;
        const updated = await updateTrees(tx, row.id, trees);
        await audit.record(tx, actor, {
          action: 'waardenlijst.update',
          ...subject(row),
          before,
          after: { ...before, toegestaan: body.toegestaan },
        });
        return toView(updated);
      });
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockWaardenlijst(tx, id);
        if (!row) throw new NotFoundError(WAARDENLIJST_TEXTS.nietGevonden);
        const actor = changer(user, row);
        await deleteWaardenlijst(tx, row.id);
        // The whole list, trees included: what was allowed stays on record.
        await audit.record(tx, actor, { action: 'waardenlijst.delete', ...subject(row), before: toView(row) });
      });
    },
  };
}

const subject = (row: WaardenlijstRecord) => ({ subjectType: 'waardenlijst', subjectId: row.id });
