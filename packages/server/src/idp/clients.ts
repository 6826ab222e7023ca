import type { ClientMetadata } from 'oidc-provider';
import type { Config } from '../config';

/** The Vite dev server of the portal, allowed as a redirect target in demo mode only. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

/**
 * The portal: a public client (it runs in the browser) using authorization code with PKCE and
 * refresh tokens for silent renewal.
 */
function portalClient(config: Config): ClientMetadata {
  const origins = config.demo ? [config.publicUrl, VITE_DEV_ORIGIN] : [config.publicUrl];
  return {
    client_id: config.oidc.portalClientId,
    client_name: 'Knooppunt beheer',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: origins.map((origin) => `${origin}/callback`),
    post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
  };
}

/**
 * The provider's static clients: the portal only. Participants' systems are clients in the
 * database (system_clients, idp/system-clients.ts), the demo's systems too (demo/seed-clients.ts).
 */
export function staticClients(config: Config): ClientMetadata[] {
  return [portalClient(config)];
}
