import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  autosuggestOptionSchema,
  autosuggestSchema,
  changeRolesSchema,
  roleTreeSchema,
  userPageSchema,
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
          'Filters `roles` (the user has this role), `organisatie` (equal) and `search` (e-mail or organisation contains, case-insensitive). 10 a page in the portal; sorted by e-mail unless `sortBy` says otherwise.',
        body: userSearchSchema,
        response: { 200: userPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => service.search(request.body),
  );

  app.post(
    '/rest/roles/search',
    {
      config: { access: 'canViewUsers' },
      schema: {
        tags,
        summary: 'The role tree',
        description:
          "The roles grouped by organisation type as spec 001 §6 lists them (main roles, then optional roles), 'geen', and 'Overig' with every other role a user has. The body may be empty.",
        body: z.object({}).optional(),
        response: { 200: roleTreeSchema },
      },
    },
    async () => service.roleTree(),
  );

  app.post(
    '/rest/users/autosuggest',
    {
      config: { access: 'canViewUsers' },
      schema: {
        tags,
        summary: "Suggestions for 'Filter overzicht'",
        description:
          'Organisation names and e-mail addresses containing the text (more than 3 characters after trimming, else 400); `v` is the text, `k` what it is.',
        body: autosuggestSchema,
        response: { 200: z.array(autosuggestOptionSchema), 400: apiErrorSchema },
      },
    },
    async (request) => service.autosuggest(request.body),
  );

  app.post(
    '/rest/users/roles',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags,
        summary: "Change a user's roles",
        description:
          "`user` is the userid. The roles must belong to the group of the user's organisation type: exactly one main role when the group has main roles, else at least one optional role (400 naming `roles`). Audited. Takes effect at the user's next token refresh.",
        body: changeRolesSchema,
        response: { 200: userSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.changeRoles(currentUser(request), request.body),
  );
};
