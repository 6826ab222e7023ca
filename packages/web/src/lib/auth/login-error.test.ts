import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '../texts';
import { loginErrorText } from './login-error';

/** As react-oidc-context reports an error of the library: normalised, with the original inside. */
const reported = (error: Error) => ({ name: error.name, message: error.message, innerError: error });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Dutch text of a failed login', () => {
  it('explains a stale or twice-opened login link', () => {
    expect(loginErrorText(reported(new Error('No matching state found in storage')))).toBe(
      LABELS.loginErrors.staleLink,
    );
    expect(loginErrorText(reported(new Error('No state in response')))).toBe(LABELS.loginErrors.staleLink);
    expect(
      loginErrorText(
        reported(new ErrorResponse({ error: 'invalid_grant', error_description: 'grant request is invalid' })),
      ),
    ).toBe(LABELS.loginErrors.staleLink);
  });

  it("explains the provider's refusals by their code, not by their English description", () => {
    expect(
      loginErrorText(
        reported(new ErrorResponse({ error: 'access_denied', error_description: 'End-User aborted interaction' })),
      ),
    ).toBe(LABELS.loginErrors.cancelled);
    expect(loginErrorText(reported(new ErrorResponse({ error: 'login_required' })))).toBe(
      LABELS.loginErrors.loginRequired,
    );
  });

  it('says the login service is unreachable when no answer came', () => {
    expect(loginErrorText(reported(new TypeError('Failed to fetch')))).toBe(LABELS.loginErrors.unreachable);
    expect(loginErrorText(reported(new ErrorTimeout('IFrame timed out without a response')))).toBe(
      LABELS.loginErrors.unreachable,
    );
    expect(loginErrorText(reported(new Error('Bad Gateway (502)')))).toBe(LABELS.loginErrors.unreachable);
  });

  it('gives anything else a general Dutch text and keeps the original in the console for support', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const original = new Error('nonce in id_token does not match nonce in client storage');

    expect(loginErrorText(reported(original))).toBe(LABELS.loginErrors.general);
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), original);
  });
});
