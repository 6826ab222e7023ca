import { sql } from 'drizzle-orm';
import {
  ORGANISATION_TEXTS,
  userManagementPolicy,
  type Organisation,
  type createOrganisationSchema,
  type organisationSearchSchema,
} from '@knooppunt/domain';
import type { z } from 'zod';
import type { AuditService } from '../../audit/service';
import { isOperator } from '../../auth/tenancy';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { endSessions } from '../../idp/sessions';
import { lookAlikeOf } from '../../lib/skeleton';
import {
  insertOrganisation,
  organisationForUpdate,
  organisationNames,
  searchOrganisations,
  setDeactivated,
  userIdsOf,
} from './repository';

/** The advisory lock under which a new organisation's name is checked against the others ('Org1'). */
const ORGANISATION_NAMES_LOCK = 0x4f726731;

type SearchBody = z.output<typeof organisationSearchSchema>;
type CreateBody = z.output<typeof createOrganisationSchema>;

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;

export function createOrganisationsService({ db, audit }: { db: Database; audit: AuditService }) {
  return {
    async search(body: SearchBody) {
      const filter = (name: string) => {
        const value = body.filters.find((f) => f.name === name)?.value;
        return typeof value === 'string' && value.trim() ? value.trim() : undefined;
      };
      const { items, count } = await searchOrganisations(db, {
        organisatie: filter('organisatie'),
        type: filter('type'),
        skip: body.skip,
        limit: body.limit,
        sortBy: body.sortBy ?? 'organisatie',
        sortDirection: body.sortDirection ?? 'asc',
      });
      return { items, count, skip: body.skip, limit: body.limit };
    },

    /**
     * Decision 0014: only a user manager who sees every organisation creates one. A name that looks
     * like an existing one without being it is refused (decision 0053): it could pass for that
     * participant in every list.
     */
    async create(actor: AuthUser, input: CreateBody): Promise<Organisation> {
      const policy = userManagementPolicy({
        roles: actor.roles,
        deelnemer: actor.deelnemer,
        operator: await isOperator(db, actor.deelnemer),
      });
      if (!policy.mayCreateOrganisations) throw new ForbiddenError(ORGANISATION_TEXTS.alleenBeheerder);
      const organisation = {
        organisatie: input.organisatie,
        type: input.type,
        metadata: metadataFor(input),
      };
      return db.transaction(async (tx) => {
        // Two look-alikes created at once must not both pass: one name check at a time.
        await tx.execute(sql`select pg_advisory_xact_lock(${ORGANISATION_NAMES_LOCK})`);
        const lookAlike = lookAlikeOf(input.organisatie, await organisationNames(tx));
        if (lookAlike) throw new ValidationError('organisatie', ORGANISATION_TEXTS.lookAlike(lookAlike));
        const created = await insertOrganisation(tx, organisation);
        if (!created) throw new ConflictError(ORGANISATION_TEXTS.duplicate(input.organisatie));
        await audit.record(tx, actor, {
          action: 'organisation.create',
          subjectType: 'organisation',
          subjectId: created.organisatie,
          after: created,
        });
        return created;
      });
    },

    /**
     * 'Deactiveren' / 'Activeren' (issue 29): a deactivated organisation's users cannot log in and
     * their sessions end at once, its system clients get no tokens, and messages from or to it are
     * refused with 422. The operator's own organisations (type Beheerder) stay active. Only a user
     * manager who sees every organisation (as for creating one). Audited.
     */
    async setActive(actor: AuthUser, name: string, active: boolean): Promise<Organisation> {
      const policy = userManagementPolicy({
        roles: actor.roles,
        deelnemer: actor.deelnemer,
        operator: await isOperator(db, actor.deelnemer),
      });
      if (!policy.mayCreateOrganisations) throw new ForbiddenError(ORGANISATION_TEXTS.alleenBeheerderActief);
      return db.transaction(async (tx) => {
        const found = await organisationForUpdate(tx, name);
        if (!found) throw new NotFoundError(ORGANISATION_TEXTS.nietGevonden(name));
        const { id, ...organisation } = found;
        if (!active && organisation.type === 'Beheerder') throw new ForbiddenError(ORGANISATION_TEXTS.beheerderBlijft);
        if (organisation.actief === active) {
          throw new ConflictError((active ? ORGANISATION_TEXTS.alActief : ORGANISATION_TEXTS.alGedeactiveerd)(name));
        }
        await setDeactivated(tx, id, !active);
        const ended = active ? 0 : await endSessions(tx, await userIdsOf(tx, id));
        await audit.record(tx, actor, {
          action: active ? 'organisation.activate' : 'organisation.deactivate',
          subjectType: 'organisation',
          subjectId: organisation.organisatie,
          ...(active ? {} : { after: { sessiesBeeindigd: ended } }),
        });
        return { ...organisation, actief: active };
      });
    },
  };
}

/**
 * The participant id of an organisation is its name; a Combi is its own combi; a delegated grid
 * operator acts for its delegerenden (docs/decisions/0003).
 */
function metadataFor(input: CreateBody): Organisation['metadata'] {
  return {
    deelnemer: input.organisatie,
    ...(input.type === 'Combi' ? { combi: input.organisatie } : {}),
    delegerenden: input.type === 'Gedelegeerd netbeheerder' ? input.metadata.delegerenden : [],
  };
}
