import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  autosuggestOptionSchema,
  autosuggestSchema,
  changeRolesSchema,
  createdUserSchema,
  createUserSchema,
  syncReportSchema,
  roleTreeSchema,
  userPageSchema,
  userActionSchema,
  userSchema,
  userSearchSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { UsersService } from './service';

const tags = ['Gebruikers'];

export const userRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.post(
    '/rest/users/search',
    {
      config: { access: 'canViewUsers' },
      schema: {
        tags,
        summary: 'Search users',
        description:
          "Filters `roles` (the user has this role), `organisatie` (equal) and `search` (e-mail or organisation contains, case-insensitive). 10 a page in the portal; sorted by e-mail unless `sortBy` says otherwise. The super role and users of an organisation of type 'Beheerder' see every organisation's users; anyone else only those of the organisation of their token's deelnemer (decision 0014).",
        body: userSearchSchema,
        response: { 200: userPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => service.search(currentUser(request), request.body),
  );

  app.post(
    '/rest/roles/search',
    {
      config: { access: 'canViewUsers' },
      schema: {
        tags,
        summary: 'The role tree',
        description:
          "The roles grouped by organisation type as spec 001 §6 lists them (main roles, then optional roles), 'geen', and 'Overig' with every other role a user the caller sees has (as for the search). The body may be empty.",
        body: z.object({}).optional(),
        response: { 200: roleTreeSchema },
      },
    },
    async (request) => service.roleTree(currentUser(request)),
  );

  app.post(
    '/rest/users/autosuggest',
    {
      config: { access: 'canViewUsers' },
      schema: {
        tags,
        summary: "Suggestions for 'Filter overzicht'",
        description:
          'Organisation names and e-mail addresses of the users the caller sees (as for the search) containing the text (more than 3 characters after trimming, else 400); `v` is the text, `k` what it is.',
        body: autosuggestSchema,
        response: { 200: z.array(autosuggestOptionSchema), 400: apiErrorSchema },
      },
    },
    async (request) => service.autosuggest(currentUser(request), request.body),
  );

  app.post(
    '/rest/users/roles',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags,
        summary: "Change a user's roles",
        description:
          "`user` is the userid. The roles must belong to the group of the user's organisation type: exactly one main role when the group has main roles, else at least one optional role (400 naming `roles`); for an organisation of type 'Beheerder': 'Beheer ziet alles' with optional roles of its group, or one or more staff roles, or 'geen' alone. Rights (decision 0014): a user the caller does not see answers 404; nobody changes their own roles (403); users of a 'Beheerder'-type organisation, and granting or removing the super role, the Beheerder group's own optional roles or a user-management role, only for a platform administrator ('Beheer ziet alles' with 'Gebruikers Beheren'); a user manager of a participant only manages its own organisation's users (403 naming the organisation or role). Audited. Ends the user's sessions and tokens: the new roles hold from its next login. Changing the roles of a user of a 'Beheerder'-type organisation (the Beheerder group's roles) needs a login of the last RECENT_LOGIN_MINUTES (decision 0055): else 401 with `WWW-Authenticate: Bearer error=\"insufficient_user_authentication\", max_age=…` (RFC 9470).",
        body: changeRolesSchema,
        response: { 200: userSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.changeRoles(currentUser(request), request.body),
  );

  app.post(
    '/rest/users',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags,
        summary: 'Create a user',
        description:
          "E-mail trimmed, valid, at most 100 characters, unique regardless of case (409); the organisation must exist; the roles as for changing roles; `metadata.delegerende` required exactly when the organisation has delegating parties and the role is 'Gedelegeerd Netbeheerder', and one of them (400 naming the field). Combi and deelnemer come from the organisation; `userid` is assigned. Only in an organisation the caller may manage and with roles it may grant, as for changing roles (403 naming the organisation or role, decision 0014). The user has no password until they set one through a one-time link (7 days), which is logged and, in demo mode, answered as `setPasswordUrl`. Audited. A user of a 'Beheerder'-type organisation (roles of the Beheerder group) needs a login of the last RECENT_LOGIN_MINUTES, as for changing roles (decision 0055).",
        body: createUserSchema,
        response: { 201: createdUserSchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  /** What an action on one user answers: the user as it is now, or why not. */
  const userActionResponses = {
    200: userSchema,
    400: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
  };

  const managed =
    'Rights as for changing roles (decision 0014): a user the caller does not see answers 404 (also for a `user` that is no userid); nobody acts on their own account (403); only users of an organisation the caller may manage and holding only roles it may grant (403 naming the organisation or role). Audited.';

  app.post(
    '/rest/users/block',
    {
      config: { access: 'canCreateUser', recentLogin: true },
      schema: {
        tags,
        summary: "Block a user ('Blokkeren')",
        description: `\`user\` is the userid. A blocked user cannot log in (the login page says so once the password is right), and its sessions, grants, refresh tokens and access tokens end at once. 409 when already blocked. ${managed}`,
        body: userActionSchema,
        response: userActionResponses,
      },
    },
    async (request) => service.setBlocked(currentUser(request), request.body.user, true),
  );

  app.post(
    '/rest/users/unblock',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags,
        summary: "Unblock a user ('Deblokkeren')",
        description: `\`user\` is the userid. The user can log in again with its password. 409 when not blocked. ${managed}`,
        body: userActionSchema,
        response: userActionResponses,
      },
    },
    async (request) => service.setBlocked(currentUser(request), request.body.user, false),
  );

  app.post(
    '/rest/users/delete',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags,
        summary: "Delete a user ('Verwijderen')",
        description: `\`user\` is the userid. The user, its sessions and tokens and its set-password links are deleted; the audit log keeps its e-mail address. Answers 204. ${managed}`,
        body: userActionSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.body.user);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/rest/users/invite',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags,
        summary: "Send the invitation again ('Uitnodiging opnieuw versturen')",
        description: `\`user\` is the userid of a user who never set a password (\`wachtwoordIngesteld\` false; else 409): a fresh one-time set-password link (7 days) is mailed, or logged when mail is off, and every earlier link stops working. In demo mode the link is answered as \`setPasswordUrl\`. 409 with an external identity provider or for a blocked user. ${managed}`,
        body: userActionSchema,
        response: {
          200: createdUserSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => service.reinvite(currentUser(request), request.body.user),
  );

  app.post(
    '/rest/users/unlock',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags,
        summary: "Lift a login lock ('Ontgrendelen')",
        description: `\`user\` is the userid of a user locked after too many failed logins (\`vergrendeld\`; else 409): the lock ends and the account's failures are forgotten (its source addresses' counters stay, decision 0016). Setting a password through a link lifts the lock too. ${managed}`,
        body: userActionSchema,
        response: userActionResponses,
      },
    },
    async (request) => service.unlock(currentUser(request), request.body.user),
  );

  app.post(
    '/rest/users/reset-second-factor',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags,
        summary: "Remove a user's second factor ('Tweede stap resetten')",
        description: `\`user\` is the userid of a user with an authenticator app (\`tweedeStap\`; else 409): the app and its recovery codes are removed and the user's sessions end; where MFA_REQUIRED asks one of it, it enrols again at its next login (decision 0054). ${managed}`,
        body: userActionSchema,
        response: userActionResponses,
      },
    },
    async (request) => service.resetSecondFactor(currentUser(request), request.body.user),
  );

  app.post(
    '/rest/admin/synchronize',
    {
      config: { access: 'canSynchronize' },
      schema: {
        tags,
        summary: 'Synchronise the identity provider with the users',
        description:
          "Reconciles what the identity provider knows with the users table and reports it (decision 0013): the embedded provider's sessions, grants and tokens of accounts that no longer exist are removed (`verwijderd` counts those records; no user is ever deleted); users without a password are reported. It concerns every organisation's accounts: only for callers who see every organisation's users (403 otherwise, decision 0014). The body may be empty. Audited.",
        body: z.object({}).optional(),
        response: { 200: syncReportSchema, 403: apiErrorSchema },
      },
    },
    async (request) => service.synchronize(currentUser(request)),
  );
};
