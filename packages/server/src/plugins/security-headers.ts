import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers on every response (decision 0018), through @fastify/helmet: a content security
 * policy that allows only the server's own scripts (no inline script, no eval), styles inline too
 * (MUI's emotion and Swagger UI insert <style> elements), images from data: URIs (icons), calls to
 * this origin and, with an external provider, to that provider (the portal's login talks to it);
 * no framing, no MIME sniffing, no referrer to other sites, and HSTS when the public URL is https.
 * The embedded provider's own pages keep their stricter policy (idp/html.ts PAGE_HEADERS).
 */
export const securityHeaders = fp<{ publicUrl: string; externalIssuer: string | undefined }>(
  async (app, { publicUrl, externalIssuer }) => {
    const https = new URL(publicUrl).protocol === 'https:';
    const connect = ["'self'", ...(externalIssuer ? [new URL(externalIssuer).origin] : [])];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: connect,
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
  { name: 'security-headers' },
);
