import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema';
import { isStorableText } from '../db/text';

const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

/**
 * The provider's storage (sessions, interactions, grants, codes, tokens) in `oidc_payloads`, one
 * row per model and id, so every process shares it and a restart loses no login. Expired rows are
 * never answered; `deleteExpiredPayloads` sweeps them.
 */
export function postgresAdapter(db: Database): AdapterFactory {
  return (model: string): Adapter => {
    const findWhere = async (condition: SQL | undefined): Promise<AdapterPayload | undefined> => {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, model), condition, notExpired()))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      // The provider recognises a used code or rotated refresh token by a truthy `consumed`.
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: payload as Record<string, unknown>,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insert(oidcPayloads)
          .values({ model, id, ...values })
          .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
      },
      // What a caller sends (a client id, a token to revoke) is looked up as is; text PostgreSQL
      // cannot hold is no stored id, and asking for it would fail the query.
      find: async (id) => (isStorableText(id) ? findWhere(eq(oidcPayloads.id, id)) : undefined),
      findByUid: async (uid) => (isStorableText(uid) ? findWhere(eq(oidcPayloads.uid, uid)) : undefined),
      findByUserCode: async (userCode) =>
        isStorableText(userCode) ? findWhere(eq(oidcPayloads.userCode, userCode)) : undefined,
      async consume(id) {
        if (!isStorableText(id)) return;
        await db
          .update(oidcPayloads)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
      },
      async destroy(id) {
        if (!isStorableText(id)) return;
        await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
      },
      // A grant's codes and tokens live under several models: revoking it removes all of them.
      async revokeByGrantId(grantId) {
        if (!isStorableText(grantId)) return;
        await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
      },
    };
  };
}

export async function deleteExpiredPayloads(db: Database): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
}
