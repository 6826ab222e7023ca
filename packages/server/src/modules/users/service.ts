import {
  OTHER_ROLE_GROUP,
  ROLE_GROUPS,
  USER_TEXTS,
  roleOf,
  roleProblems,
  type autosuggestSchema,
  type changeRolesSchema,
  type User,
  type userSearchSchema,
} from '@knooppunt/domain';
import type { z } from 'zod';
import type { Actor, AuditService } from '../../audit/service';
import type { Database } from '../../db/client';
import { AppError, NotFoundError } from '../../errors';
import { rolesInUse, searchUsers, setRoles, suggestions, userById } from './repository';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({ db, audit }: { db: Database; audit: AuditService }) {
  return {
    async search(body: z.output<typeof userSearchSchema>) {
      const { items, count } = await searchUsers(db, {
        ...body.filters,
        skip: body.skip,
        limit: body.limit,
        sortBy: body.sortBy ?? 'email',
        sortDirection: body.sortDirection ?? 'asc',
      });
      return { items, count, skip: body.skip, limit: body.limit };
    },

    /** The role tree of spec 001 §6: a group per organisation type, 'geen', then 'Overig' with every other role in use. */
    async roleTree() {
      const grouped = new Set(ROLE_GROUPS.flatMap((g) => [...g.roles, ...g.optionalRoles]));
      const other = (await rolesInUse(db)).filter((role) => !grouped.has(role));
      const items = ROLE_GROUPS.map((group) => ({
        organisatieType: group.organisationType,
        roles: [
          ...group.roles.map((role) => ({ ...roleOf(role), optional: false })),
          ...group.optionalRoles.map((role) => ({ ...roleOf(role), optional: true })),
        ],
      }));
      items.push({
        organisatieType: OTHER_ROLE_GROUP,
        roles: other.map((role) => ({ ...roleOf(role), optional: false })),
      });
      return { items };
    },

    async autosuggest(body: z.output<typeof autosuggestSchema>) {
      return suggestions(db, body.text);
    },

    /**
     * Replaces a user's roles (spec 001 §5 'Change roles', checked against the group of the user's
     * organisation type). The identity provider reads the roles when it issues a token, so they
     * take effect at the user's next token refresh (README: 'Roles and tokens').
     */
    async changeRoles(actor: Actor, body: z.output<typeof changeRolesSchema>): Promise<User> {
      const roles = [...new Set(body.roles)];
      return db.transaction(async (tx) => {
        const user = await userById(tx, body.user, true);
        if (!user) throw new NotFoundError(USER_TEXTS.gebruikerNietGevonden);
        const problems = roleProblems(user.organisatieType, roles);
        if (problems.length) {
          throw new AppError(400, problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);
        }
        await setRoles(tx, user.userid, roles);
        await audit.record(tx, actor, {
          action: 'user.roles',
          subjectType: 'user',
          subjectId: user.email,
          before: user.roles.map((role) => role.name),
          after: roles,
        });
        return { ...user, roles: roles.map(roleOf) };
      });
    },
  };
}
