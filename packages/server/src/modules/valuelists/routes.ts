import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONFIG_VERSIENUMMERS, configValuelistSchema } from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import { visibleDeelnemer } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { searchOrganisations } from '../organisations/repository';
import { aannemerDeelnemers } from './repository';

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
          'The participants a configuration can be made for (every organisation with `canCreateConfig`, else only the caller’s own), the version numbers per flow, and `aannemers`: the participants of type Aannemer among those whose configurations the caller sees (all with `canCreateConfig` or the super role, else only the own), whose form shows the opdrachtnemer URLs first.',
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
      const aannemers = await aannemerDeelnemers(
        db,
        user.permissions.canCreateConfig ? undefined : visibleDeelnemer(user),
      );
      return {
        deelnemers,
        versienummers: {
          aansluiting: [...CONFIG_VERSIENUMMERS.aansluiting],
          hoofdnet: [...CONFIG_VERSIENUMMERS.hoofdnet],
        },
        aannemers,
      };
    },
  );
};
