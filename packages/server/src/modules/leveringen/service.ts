import type { leveringSearchSchema } from '@knooppunt/domain';
import type { z } from 'zod';
import { monitoringScope } from '../../auth/tenancy';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { searchLeveringen } from './repository';

type SearchBody = z.output<typeof leveringSearchSchema>;

export type LeveringenService = ReturnType<typeof createLeveringenService>;

export function createLeveringenService({ db }: { db: Database }) {
  return {
    /** The leveringen overview (Hoofdnet): the caller's own orders' leveringen unless super role (decision 0010). */
    async search(user: AuthUser, body: SearchBody) {
      const { filters } = body;
      const { items, count, countIsLowerBound } = await searchLeveringen(db, {
        opdrachtId: filters.opdrachtId,
        opdrachtgever: filters.opdrachtgever,
        opdrachtnemer: filters.opdrachtnemer,
        inError: filters.status !== undefined,
        onlyDeelnemer: await monitoringScope(db, user),
        skip: body.skip,
        limit: body.limit,
        sortBy: body.sortBy ?? 'changed',
        // Without a sortBy the default is changed descending (spec 000 §9); a sortBy alone is ascending.
        sortDirection: body.sortDirection ?? (body.sortBy ? 'asc' : 'desc'),
      });
      return { items, count, countIsLowerBound, skip: body.skip, limit: body.limit };
    },
  };
}
