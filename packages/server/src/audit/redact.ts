import { AUDIT_REDACTED } from '@knooppunt/domain';

/**
 * Key names whose values are secrets, after lower-casing and dropping everything but letters and
 * digits: client secrets, passwords, tokens, keys, also stored (`…Encrypted`, `…Hash`). Names that
 * only mention a secret (`tokenUrl`, `clientSecretSet`, `geheimVernieuwd`) do not end in one.
 */
const SECRET_NAME =
  /(secret|password|passwd|wachtwoord|token|apikey|privatekey|authorization|cookie|geheim)(encrypted|hash)?$/;

/** A JSON Web Token (or any three-part base64url text of its shape), wherever it appears. */
const JWT_SHAPE = /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*$/;

function isSecretName(key: string): boolean {
  return SECRET_NAME.test(key.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/**
 * An audit entry's before or after as it may leave the server (decision 0033): every value under a
 * secret's name is replaced by `[verborgen]` (a boolean or null stays: it says whether one is set,
 * not what it is), and so is any text shaped like a token. The audit log should hold no secrets at
 * all; this is the second line, so a write that records one by mistake still shows none.
 */
export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return JWT_SHAPE.test(value) ? AUDIT_REDACTED : value;
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [
        key,
        isSecretName(key) && child !== null && typeof child !== 'boolean' ? AUDIT_REDACTED : redactSecrets(child),
      ]),
    );
  }
  return value;
}
