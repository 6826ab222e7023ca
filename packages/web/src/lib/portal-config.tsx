import { createContext, use, type ReactNode } from 'react';

/** `GET /portal-config.json`: where to log in, and which claims carry the user's participant, roles and e-mail. */
export interface PortalConfig {
  authority: string;
  clientId: string;
  scope: string;
  claims: { deelnemer: string; roles: string; email: string };
  /**
   * Whether the users are the embedded provider's, with passwords Knooppunt keeps: only then does
   * the account menu offer 'Wachtwoord wijzigen', and do invitations and 'Nog geen wachtwoord' mean anything.
   */
  passwordChange: boolean;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Checks the shape once, at start-up, so a misconfigured server fails loudly instead of half-way through a login. */
export function parsePortalConfig(json: unknown): PortalConfig {
  const value = (json ?? {}) as Partial<Record<keyof PortalConfig, unknown>>;
  const claims = (value.claims ?? {}) as Partial<Record<keyof PortalConfig['claims'], unknown>>;
  if (!isText(value.authority) || !isText(value.clientId) || typeof value.scope !== 'string') {
    throw new Error('authority, clientId of scope ontbreekt');
  }
  if (!isText(claims.deelnemer) || !isText(claims.roles) || !isText(claims.email)) {
    throw new Error('claims.deelnemer, claims.roles of claims.email ontbreekt');
  }
  return {
    authority: value.authority,
    clientId: value.clientId,
    scope: value.scope,
    claims: { deelnemer: claims.deelnemer, roles: claims.roles, email: claims.email },
    // An older server does not say: then it offers no password change.
    passwordChange: value.passwordChange === true,
  };
}

export async function loadPortalConfig(): Promise<PortalConfig> {
  const response = await fetch('/portal-config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.statusText} (${response.status})`.trim());
  return parsePortalConfig(await response.json());
}

const PortalConfigContext = createContext<PortalConfig | null>(null);

export function PortalConfigProvider({ config, children }: { config: PortalConfig; children: ReactNode }) {
  return <PortalConfigContext value={config}>{children}</PortalConfigContext>;
}

export function usePortalConfig(): PortalConfig {
  const config = use(PortalConfigContext);
  if (!config) throw new Error('usePortalConfig needs a PortalConfigProvider');
  return config;
}
