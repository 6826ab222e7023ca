import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONFIG_VERSIENUMMERS, configValuelistSchema } from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { Database } from '../../db/client';
import { searchOrganisations } from '../organisations/repository';

/** The value lists of the configuration screens. */
export const valuelistRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/rest/valuelist',
    {
      config: { access: 'canViewConfig' },
      schema: {
        tags: ['Configuraties'],
        summary: 'Value lists of the configuration screens',
        description:
          'The participants a configuration can be made for (every organisation with `canCreateConfig`, else only the caller’s own) and the version numbers per flow.',
        response: { 200: configValuelistSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const deelnemers = user.permissions.canCreateConfig
        ? (await searchOrganisations(db, { skip: 0, limit: 0, sortBy: 'organisatie', sortDirection: 'asc' })).items.map(
            (organisation) => organisation.metadata.deelnemer ?? organisation.organisatie,
          )
        : [user.deelnemer].filter((name): name is string => Boolean(name));
      return {
        deelnemers,
        versienummers: {
          aansluiting: [...CONFIG_VERSIENUMMERS.aansluiting],
          hoofdnet: [...CONFIG_VERSIENUMMERS.hoofdnet],
        },
      };
    },
  );
};
