import type { User } from 'oidc-client-ts';
import type { AuthContextProps } from 'react-oidc-context';
import { vi } from 'vitest';
import type { PortalConfig } from '@/lib/portal-config';

export const TEST_CONFIG: PortalConfig = {
  authority: 'http://localhost:8080/oidc',
  clientId: 'knooppunt-portal',
  scope: 'openid profile offline_access',
  claims: { deelnemer: 'deelnemer', roles: 'roles', email: 'email' },
  passwordChange: true,
};

export interface FakeAuthOptions {
  /** Signed in with these roles; `null` for no session. */
  roles?: string[] | null;
  deelnemer?: string;
  email?: string;
  isLoading?: boolean;
  error?: AuthContextProps['error'];
}

/** The auth context of react-oidc-context as a test controls it: a session with roles, or none. */
export function fakeAuth(options: FakeAuthOptions = {}): AuthContextProps {
  const { roles = [], deelnemer = 'Netbeheer_Noord', email = 'beheerder@example.nl', isLoading = false } = options;
  const user =
    roles === null
      ? null
      : ({
          access_token: 'test-token',
          expired: false,
          profile: {
            sub: 'user-1',
            iss: TEST_CONFIG.authority,
            aud: 'portal',
            exp: 0,
            iat: 0,
            deelnemer,
            email,
            roles,
          },
        } as unknown as User);
  return {
    user,
    isLoading,
    isAuthenticated: user !== null && !isLoading,
    error: options.error,
    settings: {} as AuthContextProps['settings'],
    events: {
      addSilentRenewError: vi.fn(),
      removeSilentRenewError: vi.fn(),
    } as unknown as AuthContextProps['events'],
    signinRedirect: vi.fn(async () => undefined),
    // A new login in a popup (decision 0055): the same user, with a new token.
    signinPopup: vi.fn(async () => ({ ...user, access_token: 'token-recent' }) as User),
    signoutRedirect: vi.fn(async () => undefined),
  } as Partial<AuthContextProps> as AuthContextProps;
}
