import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/rest', '/api', '/oidc', '/docs', '/health', '/metrics'];

/**
 * Serves the built portal with history fallback: a GET for a page path gets index.html so the
 * portal's router can take it. Unknown API paths (and everything when no portal is built) get a
 * JSON 404.
 */
export const spa = fp<{ root: string | undefined }>(async (app, { root }) => {
  const hasPortal = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (root && !hasPortal) app.log.warn({ root }, 'no built portal found; run `npm run build` to serve it');

  if (hasPortal) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every asset name, so those never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
    if (hasPortal && request.method === 'GET' && !isApi && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: `Geen route voor ${request.method} ${url}` });
  });
});
