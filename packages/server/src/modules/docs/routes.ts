import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPO_ROOT, type Config } from '../../config';
import { OPENAPI_PATHS } from '../../plugins/openapi';
import { callbacksDocument } from './callbacks';
import { deliveryFacts } from './facts';
import { DOCS_CSS, DOCS_CSS_PATH, pageHtml, readDocPages, servedMarkdown } from './pages';

/**
 * The documentation for participants' developers, public like /docs (decision 0039): 'Koppelen met
 * Knooppunt' and the pages it links to, rendered from docs/ once at start-up, and the callbacks as
 * an OpenAPI 3.1 document of webhooks. Not part of the API: hidden from its OpenAPI document.
 */
export const docsRoutes: FastifyPluginAsyncZod<{
  config: Pick<Config, 'publicUrl' | 'outbound' | 'alerts' | 'retention'>;
  version: string;
  docsDir?: string;
}> = async (app, { config, version, docsDir = path.join(REPO_ROOT, 'docs') }) => {
  const route = { config: { access: 'public' as const }, schema: { hide: true } };
  const facts = deliveryFacts(config);

  for (const page of await readDocPages(docsDir)) {
    if (page.markdown === undefined) {
      app.log.warn({ file: path.join(docsDir, page.file) }, 'documentation page not found; not served');
      continue;
    }
    const html = pageHtml(servedMarkdown(page.markdown, { publicUrl: config.publicUrl, facts }));
    app.get(page.path, route, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
    );
  }

  app.get(DOCS_CSS_PATH, route, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_CSS),
  );

  const callbacks = callbacksDocument({ version, publicUrl: config.publicUrl });
  app.get(OPENAPI_PATHS.callbacks, route, async () => callbacks);
};
