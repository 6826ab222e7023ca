import type { ClientMetadata } from 'oidc-provider';
import type { Config } from '../config';
import { DEMO_ORGANISATIONS } from '../demo/data';

/** The Vite dev server of the portal, allowed as a redirect target in demo mode only. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

export const DEMO_CLIENT_SECRET = 'demo-secret';

/** `Aannemer_Alfa` → `aannemer_alfa-systeem`: the demo system of a participant. */
export const demoSystemClientId = (organisatie: string) => `${organisatie.toLowerCase()}-systeem`;

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
 * Participants' systems use client credentials; their token carries the participant (deelnemer) of
 * the client, never one from the request. Outside demo mode there are none yet: administering them
 * comes with the participants API.
 */
function demoSystemClients(): ClientMetadata[] {
  return DEMO_ORGANISATIONS.filter((organisation) => organisation.type !== 'Beheerder').map((organisation) => ({
    client_id: demoSystemClientId(organisation.organisatie),
    client_name: `${organisation.organisatie} (systeem)`,
    client_secret: DEMO_CLIENT_SECRET,
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    deelnemer: organisation.metadata.deelnemer ?? organisation.organisatie,
  }));
}

export function staticClients(config: Config): ClientMetadata[] {
  return [portalClient(config), ...(config.demo ? demoSystemClients() : [])];
}
