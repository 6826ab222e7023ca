import {
  OPERATOR_ROLE_GROUP,
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
import { assertRecentLogin, type AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { IdentityDirectory } from '../../idp/directory';
import type { LoginLimits } from '../../config';
import { endSessions } from '../../idp/sessions';
import { resetSecondFactor } from '../../idp/second-factor';
import { lockedAccounts, unlockAccount } from '../../idp/throttle';
import {
  deleteUser,
  insertUser,
  organisationByName,
  rolesInUse,
  searchUsers,
  setBlocked,
  setRoles,
  suggestions,
  userById,
} from './repository';

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

/**
 * Granting or removing a role of the Beheerder group — a role of a user of the operator's own
 * organisation type, where only that group's roles are held — needs a recent login (decision 0055).
 */
function assertRecentLoginFor(actor: AuthUser, organisationType: string, roles: readonly string[]): void {
  if (organisationType === OPERATOR_ROLE_GROUP.organisationType && roles.length > 0) assertRecentLogin(actor);
}

export function createUsersService({
  db,
  audit,
  directory,
  loginLimits,
}: {
  db: Database;
  audit: AuditService;
  directory: IdentityDirectory;
  /** The login throttle's limits: which counters are locks ('vergrendeld', 'Ontgrendelen'). */
  loginLimits: LoginLimits;
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

  /** The users with whether a login lock holds for each (one query for the page). */
  const withLocks = async (items: User[]): Promise<User[]> => {
    const locked = await lockedAccounts(
      db,
      items.map((user) => user.email),
      loginLimits,
    );
    return items.map((user) => ({ ...user, vergrendeld: locked.has(user.email.toLowerCase()) }));
  };

  /**
   * The user an action of a user manager is about, locked for the change (inside `tx`). Decision
   * 0014: a user outside the actor's view is not found; only users of an organisation the actor
   * may manage, holding only roles it may grant or remove; never the actor itself (`self` names
   * the refusal). The policy is read before the transaction (`policyOf`): inside it, a query on
   * `db` would wait for the transaction's own connection.
   */
  const managedUser = async (tx: Database, policy: UserManagementPolicy, userid: string, self: string) => {
    const user = await userById(tx, userid, true);
    const organisation = user && {
      organisatie: user.organisatie,
      type: user.organisatieType,
      deelnemer: user.metadata.deelnemer ?? user.organisatie,
    };
    if (!user || !organisation || !policy.mayView(organisation)) {
      throw new NotFoundError(USER_TEXTS.gebruikerNietGevonden);
    }
    if (policy.isSelf(user)) throw new ForbiddenError(self);
    if (!policy.mayManage(organisation)) throw new ForbiddenError(USER_TEXTS.organisatieNietBeheren(user.organisatie));
    return user;
  };

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
      assertRecentLoginFor(actor, organisation.type, roles);
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
      const { items: found, count } = await searchUsers(db, {
        scope: (await policyOf(actor)).viewScope,
        ...body.filters,
        skip: body.skip,
        limit: body.limit,
        sortBy: body.sortBy ?? 'email',
        sortDirection: body.sortDirection ?? 'asc',
      });
      return { items: await withLocks(found), count, skip: body.skip, limit: body.limit };
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
     * organisation type). The user's sessions and tokens end with the change (issue 29), so the
     * new roles hold from its next login (README: 'Roles and tokens'). Decision 0014: a
     * user outside the actor's view is not found; nobody changes their own roles; only users of an
     * organisation the actor may manage, granting or removing only roles it may grant.
     */
    async changeRoles(actor: AuthUser, body: z.output<typeof changeRolesSchema>): Promise<User> {
      const roles = [...new Set(body.roles)];
      const policy = await policyOf(actor);
      const changedUser = await db.transaction(async (tx) => {
        const user = await managedUser(tx, policy, body.user, USER_TEXTS.eigenRollen);
        const before = user.roles.map((role) => role.name);
        assertGrantable(policy, changed(before, roles));
        assertRecentLoginFor(actor, user.organisatieType, changed(before, roles));
        const problems = roleProblems(user.organisatieType, roles);
        if (problems.length) throw invalid(problems);
        await setRoles(tx, user.userid, roles);
        // The new roles hold from the next login: the sessions and tokens of the old ones end now.
        await endSessions(tx, [user.userid]);
        await audit.record(tx, actor, {
          action: 'user.roles',
          subjectType: 'user',
          subjectId: user.email,
          before,
          after: roles,
        });
        return { ...user, roles: roles.map((role) => roleOf(role, user.organisatieType)) };
      });
      return (await withLocks([changedUser]))[0]!;
    },

    /**
     * 'Blokkeren' / 'Deblokkeren': a blocked user cannot log in, and its sessions, grants, refresh
     * and access tokens end at once. Only a user the actor may manage, holding roles it may grant.
     * Audited.
     */
    async setBlocked(actor: AuthUser, userid: string, blocked: boolean): Promise<User> {
      const policy = await policyOf(actor);
      const result = await db.transaction(async (tx) => {
        const user = await managedUser(tx, policy, userid, USER_TEXTS.eigenAccount);
        assertGrantable(
          policy,
          user.roles.map((role) => role.name),
        );
        if (user.geblokkeerd === blocked) {
          throw new ConflictError(blocked ? USER_TEXTS.alGeblokkeerd : USER_TEXTS.nietGeblokkeerd);
        }
        await setBlocked(tx, user.userid, blocked);
        if (blocked) await endSessions(tx, [user.userid]);
        await audit.record(tx, actor, {
          action: blocked ? 'user.block' : 'user.unblock',
          subjectType: 'user',
          subjectId: user.email,
        });
        return { ...user, geblokkeerd: blocked };
      });
      return (await withLocks([result]))[0]!;
    },

    /**
     * 'Verwijderen': the user, its sessions and tokens and its set-password links are gone; the
     * audit log keeps the e-mail address (its entries name the user by it). Audited.
     */
    async remove(actor: AuthUser, userid: string): Promise<void> {
      const policy = await policyOf(actor);
      await db.transaction(async (tx) => {
        const user = await managedUser(tx, policy, userid, USER_TEXTS.eigenAccount);
        assertGrantable(
          policy,
          user.roles.map((role) => role.name),
        );
        await endSessions(tx, [user.userid]);
        await deleteUser(tx, user.userid);
        await audit.record(tx, actor, {
          action: 'user.delete',
          subjectType: 'user',
          subjectId: user.email,
          before: { organisatie: user.organisatie, roles: user.roles.map((role) => role.name) },
        });
      });
    },

    /**
     * 'Uitnodiging opnieuw versturen': a fresh set-password link for a user who never set a
     * password; earlier links stop working. Audited.
     */
    async reinvite(actor: AuthUser, userid: string) {
      const reinvite = directory.reinvite;
      if (!reinvite) throw new ConflictError(USER_TEXTS.geenUitnodigingExtern);
      const policy = await policyOf(actor);
      const result = await db.transaction(async (tx) => {
        const user = await managedUser(tx, policy, userid, USER_TEXTS.eigenAccount);
        if (user.wachtwoordIngesteld) throw new ConflictError(USER_TEXTS.alWachtwoord);
        if (user.geblokkeerd) throw new ConflictError(USER_TEXTS.geblokkeerdUitnodigen);
        const link = await reinvite(tx, { id: user.userid, email: user.email });
        await audit.record(tx, actor, { action: 'user.invite', subjectType: 'user', subjectId: user.email });
        return { ...user, ...link };
      });
      directory.afterCommit?.();
      return result;
    },

    /**
     * 'Tweede stap resetten' (decision 0054): removes the user's authenticator app and recovery
     * codes — for a user who lost both — and ends its sessions; at its next login it enrols again
     * where the policy requires one. Rights as for blocking (the user's roles must be the actor's
     * to grant). 409 when it has none. Audited.
     */
    async resetSecondFactor(actor: AuthUser, userid: string): Promise<User> {
      const policy = await policyOf(actor);
      const result = await db.transaction(async (tx) => {
        const user = await managedUser(tx, policy, userid, USER_TEXTS.eigenAccount);
        assertGrantable(
          policy,
          user.roles.map((role) => role.name),
        );
        if (!(await resetSecondFactor(tx, user.userid))) {
          throw new ConflictError(USER_TEXTS.geenTweedeStap);
        }
        await endSessions(tx, [user.userid]);
        await audit.record(tx, actor, {
          action: 'user.second-factor.reset',
          subjectType: 'user',
          subjectId: user.email,
        });
        return { ...user, tweedeStap: false };
      });
      return (await withLocks([result]))[0]!;
    },

    /**
     * 'Ontgrendelen': lifts the lock of too many failed logins (decision 0016) and forgets the
     * account's failures; its source addresses' counters stay. Audited.
     */
    async unlock(actor: AuthUser, userid: string): Promise<User> {
      const policy = await policyOf(actor);
      const result = await db.transaction(async (tx) => {
        const user = await managedUser(tx, policy, userid, USER_TEXTS.eigenAccount);
        if (!(await unlockAccount(tx, user.email, loginLimits))) throw new ConflictError(USER_TEXTS.nietVergrendeld);
        await audit.record(tx, actor, { action: 'user.unlock', subjectType: 'user', subjectId: user.email });
        return user;
      });
      return { ...result, vergrendeld: false };
    },
  };
}
