import {
  OTHER_ROLE_GROUP,
  ROLE_GROUPS,
  USER_TEXTS,
  roleOf,
  roleProblems,
  userManagementPolicy,
  type UserManagementPolicy,
  type autosuggestSchema,
  type changeRolesSchema,
  type createUserSchema,
  DELEGATED_ROLE,
  type User,
  type userSearchSchema,
} from '@knooppunt/domain';
import type { z } from 'zod';
import type { AuditService } from '../../audit/service';
import { isOperator } from '../../auth/tenancy';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { IdentityDirectory } from '../../idp/directory';
import { insertUser, organisationByName, rolesInUse, searchUsers, setRoles, suggestions, userById } from './repository';

export type UsersService = ReturnType<typeof createUsersService>;

const invalid = (problems: { field: string; message: string }[]) =>
  new AppError(400, problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);

/** 403 for the first role the actor may not grant or remove (decision 0014). */
function assertGrantable(policy: UserManagementPolicy, roles: readonly string[]) {
  const refused = roles.find((role) => !policy.mayGrant(role));
  if (refused) throw new ForbiddenError(USER_TEXTS.rolNietToekennen(refused));
}

/** The roles in one list and not in the other: what a change grants or removes. */
const changed = (before: readonly string[], after: readonly string[]) => [
  ...after.filter((role) => !before.includes(role)),
  ...before.filter((role) => !after.includes(role)),
];

export function createUsersService({
  db,
  audit,
  directory,
}: {
  db: Database;
  audit: AuditService;
  directory: IdentityDirectory;
}) {
  /** Decision 0014, fed by the token: roles, deelnemer (and whether it is the operator's), sub and e-mail. */
  const policyOf = async (user: AuthUser) =>
    userManagementPolicy({
      roles: user.roles,
      deelnemer: user.deelnemer,
      operator: await isOperator(db, user.deelnemer),
      sub: user.sub,
      email: user.email,
    });

  return {
    /**
     * Creates a user (spec 001 §5 'Create user') without a usable password: the directory hands
     * out how they get one (embedded: a one-time set-password link). Organisation, roles and
     * delegerende are checked against the organisation; the metadata is the organisation's. Only
     * in an organisation the actor may manage, with roles it may grant (decision 0014).
     */
    async create(actor: AuthUser, body: z.output<typeof createUserSchema>) {
      const organisation = await organisationByName(db, body.organisatie);
      if (!organisation) throw invalid([{ field: 'organisatie', message: USER_TEXTS.organisatie }]);
      const policy = await policyOf(actor);
      const scoped = {
        organisatie: body.organisatie,
        type: organisation.type,
        deelnemer: organisation.metadata.deelnemer ?? body.organisatie,
      };
      if (!policy.mayManage(scoped)) throw new ForbiddenError(USER_TEXTS.organisatieNietBeheren(body.organisatie));
      const roles = [...new Set(body.roles)];
      assertGrantable(policy, roles);
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
      directory.afterCommit?.();
      const user = (await userById(db, id))!;
      return { ...user, ...(setPasswordUrl ? { setPasswordUrl } : {}) };
    },

    /**
     * Reconciles the identity provider with the users table (IdentityDirectory); audited with its
     * report. It concerns every organisation's accounts and names them: only for who sees them all.
     */
    async synchronize(actor: AuthUser) {
      if (!(await policyOf(actor)).maySynchronize) throw new ForbiddenError(USER_TEXTS.synchroniserenAlleenPlatform);
      const report = await directory.synchronize(db);
      await db.transaction((tx) =>
        audit.record(tx, actor, { action: 'users.synchronize', subjectType: 'users', subjectId: '*', after: report }),
      );
      return report;
    },

    /** The users the actor sees: every organisation's, or only its own (decision 0014). */
    async search(actor: AuthUser, body: z.output<typeof userSearchSchema>) {
      const { items, count } = await searchUsers(db, {
        scope: (await policyOf(actor)).viewScope,
        ...body.filters,
        skip: body.skip,
        limit: body.limit,
        sortBy: body.sortBy ?? 'email',
        sortDirection: body.sortDirection ?? 'asc',
      });
      return { items, count, skip: body.skip, limit: body.limit };
    },

    /**
     * The role tree of spec 001 §6: a group per organisation type, 'geen', then 'Overig' with every
     * other role in use by the users the actor sees.
     */
    async roleTree(actor: AuthUser) {
      const grouped = new Set(ROLE_GROUPS.flatMap((g) => [...g.roles, ...g.optionalRoles]));
      const other = (await rolesInUse(db, (await policyOf(actor)).viewScope)).filter((role) => !grouped.has(role));
      const items = ROLE_GROUPS.map((group) => ({
        organisatieType: group.organisationType,
        roles: [
          ...group.roles.map((role) => ({ ...roleOf(role, group.organisationType), optional: false })),
          ...group.optionalRoles.map((role) => ({ ...roleOf(role, group.organisationType), optional: true })),
        ],
      }));
      items.push({
        organisatieType: OTHER_ROLE_GROUP,
        roles: other.map((role) => ({ ...roleOf(role), optional: false })),
      });
      return { items };
    },

    async autosuggest(actor: AuthUser, body: z.output<typeof autosuggestSchema>) {
      return suggestions(db, body.text, (await policyOf(actor)).viewScope);
    },

    /**
     * Replaces a user's roles (spec 001 §5 'Change roles', checked against the group of the user's
     * organisation type). The identity provider reads the roles when it issues a token, so they
     * take effect at the user's next token refresh (README: 'Roles and tokens'). Decision 0014: a
     * user outside the actor's view is not found; nobody changes their own roles; only users of an
     * organisation the actor may manage, granting or removing only roles it may grant.
     */
    async changeRoles(actor: AuthUser, body: z.output<typeof changeRolesSchema>): Promise<User> {
      const roles = [...new Set(body.roles)];
      const policy = await policyOf(actor);
      return db.transaction(async (tx) => {
        const user = await userById(tx, body.user, true);
        const organisation = user && {
          organisatie: user.organisatie,
          type: user.organisatieType,
          deelnemer: user.metadata.deelnemer ?? user.organisatie,
        };
        if (!user || !organisation || !policy.mayView(organisation)) {
          throw new NotFoundError(USER_TEXTS.gebruikerNietGevonden);
        }
        if (policy.isSelf(user)) throw new ForbiddenError(USER_TEXTS.eigenRollen);
        if (!policy.mayManage(organisation))
          throw new ForbiddenError(USER_TEXTS.organisatieNietBeheren(user.organisatie));
        const before = user.roles.map((role) => role.name);
        assertGrantable(policy, changed(before, roles));
        const problems = roleProblems(user.organisatieType, roles);
        if (problems.length) throw invalid(problems);
        await setRoles(tx, user.userid, roles);
        await audit.record(tx, actor, {
          action: 'user.roles',
          subjectType: 'user',
          subjectId: user.email,
          before,
          after: roles,
        });
        return { ...user, roles: roles.map((role) => roleOf(role, user.organisatieType)) };
      });
    },
  };
}
