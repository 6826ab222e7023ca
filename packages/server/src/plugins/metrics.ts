import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { Histogram, collectDefaultMetrics } from 'prom-client';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may scrape (decision 0018): /metrics names participants and who delivers how much to whom.
 * With a token configured, a caller that sends it as bearer token; without one, only a caller
 * connected directly over loopback — the TCP peer, not X-Forwarded-For, and no proxy in between
 * (a proxy on this machine adds forwarding headers; it must not hand /metrics to the world).
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
  }
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  return loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

/** Prometheus text at /metrics: process metrics plus request durations by route and status. */
export const metrics = fp<{ registry: Registry; token: string | undefined }>(async (app, { registry, token }) => {
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests by method, route and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, token)) {
      if (token !== undefined) reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.code(token !== undefined ? 401 : 403).send({
        message:
          token !== undefined
            ? 'Geef het metrics-token mee als bearer token.'
            : 'Metrics zijn alleen via loopback op te vragen; stel METRICS_TOKEN in om ze elders te scrapen.',
      });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
