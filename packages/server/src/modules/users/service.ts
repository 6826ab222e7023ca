import {
  OTHER_ROLE_GROUP,
  ROLE_GROUPS,
  USER_TEXTS,
  roleOf,
  roleProblems,
  type autosuggestSchema,
  type changeRolesSchema,
  type createUserSchema,
  DELEGATED_ROLE,
  type User,
  type userSearchSchema,
} from '@knooppunt/domain';
import type { z } from 'zod';
import type { Actor, AuditService } from '../../audit/service';
import type { Database } from '../../db/client';
import { AppError, ConflictError, NotFoundError } from '../../errors';
import type { IdentityDirectory } from '../../idp/directory';
import { insertUser, organisationByName, rolesInUse, searchUsers, setRoles, suggestions, userById } from './repository';

export type UsersService = ReturnType<typeof createUsersService>;

const invalid = (problems: { field: string; message: string }[]) =>
  new AppError(400, problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);

export function createUsersService({
  db,
  audit,
  directory,
}: {
  db: Database;
  audit: AuditService;
  directory: IdentityDirectory;
}) {
  return {
    /**
     * Creates a user (spec 001 §5 'Create user') without a usable password: the directory hands
     * out how they get one (embedded: a one-time set-password link). Organisation, roles and
     * delegerende are checked against the organisation; the metadata is the organisation's.
     */
    async create(actor: Actor, body: z.output<typeof createUserSchema>) {
      const organisation = await organisationByName(db, body.organisatie);
      if (!organisation) throw invalid([{ field: 'organisatie', message: USER_TEXTS.organisatie }]);
      const roles = [...new Set(body.roles)];
      const problems = roleProblems(organisation.type, roles);
      const delegerenden = organisation.metadata.delegerenden;
      const needsDelegerende = delegerenden.length > 0 && roles.includes(DELEGATED_ROLE);
      const delegerende = body.metadata.delegerende;
      if (needsDelegerende && (!delegerende || !delegerenden.includes(delegerende))) {
        problems.push({ field: 'metadata.delegerende', message: USER_TEXTS.delegerende });
      } else if (!needsDelegerende && delegerende) {
        problems.push({ field: 'metadata.delegerende', message: USER_TEXTS.geenDelegerende });
      }
      if (problems.length) throw invalid(problems);
      const { id, setPasswordUrl } = await db.transaction(async (tx) => {
        const id = await insertUser(tx, {
          email: body.email,
          organisationId: organisation.id,
          roles,
          delegerende: needsDelegerende ? delegerende! : null,
        });
        if (!id) throw new ConflictError(USER_TEXTS.emailBestaat(body.email));
        await audit.record(tx, actor, {
          action: 'user.create',
          subjectType: 'user',
          subjectId: body.email,
          after: { organisatie: body.organisatie, roles, delegerende: needsDelegerende ? delegerende : undefined },
        });
        return { id, ...(await directory.invite(tx, { id, email: body.email })) };
      });
      const user = (await userById(db, id))!;
      return { ...user, ...(setPasswordUrl ? { setPasswordUrl } : {}) };
    },

    /** Reconciles the identity provider with the users table (IdentityDirectory); audited with its report. */
    async synchronize(actor: Actor) {
      const report = await directory.synchronize(db);
      await db.transaction((tx) =>
        audit.record(tx, actor, { action: 'users.synchronize', subjectType: 'users', subjectId: '*', after: report }),
      );
      return report;
    },

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
        if (problems.length) throw invalid(problems);
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
