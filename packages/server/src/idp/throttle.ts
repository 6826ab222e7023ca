import { createHash } from 'node:crypto';
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { LoginLimits } from '../config';
import type { Database } from '../db/client';
import { loginThrottle } from '../db/schema';

/**
 * Who is locked out, and for how long still. With `accountPerAddress` an account's lock holds only
 * for the source address whose failures started it.
 */
export interface Lock {
  scope: 'account' | 'address';
  retryAfterSeconds: number;
}

/** An attempt let through: wait `delayMs`, check the credentials, then say how it went. */
export interface Attempt {
  delayMs: number;
  /** Right credentials: the account's failures are forgotten and the address's attempt refunded. */
  succeeded(): Promise<void>;
  /** Wrong credentials: the failure stays counted; answers the lock it started, if any. */
  failed(): Promise<Lock | undefined>;
}

export type Admission = { locked: Lock } | { attempt: Attempt };

export type Throttle = ReturnType<typeof createThrottle>;

/**
 * The delay before checking credentials after `failures` earlier failures: none for the first
 * `afterFailures`, then `baseMs` doubling with each further failure, at most `maxMs`.
 */
export function delayFor(failures: number, { afterFailures, baseMs, maxMs }: LoginLimits['delay']): number {
  if (failures < afterFailures) return 0;
  return Math.min(baseMs * 2 ** Math.min(failures - afterFailures, 30), maxMs);
}

/** Keys of accounts are hashed: what someone typed as an e-mail address (a password, even) is not stored. */
const hashed = (value: string) => createHash('sha256').update(value).digest('base64url');

const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The longest textual IP address (IPv6 with an IPv4 tail and a zone) kept as it is in a key. */
const MAX_ADDRESS_KEY = 64;

/**
 * A source address as a counter's key. An IPv6 client is counted by its /64 network: a connection
 * commonly gets a whole /64, and a new address from it for every attempt would otherwise never
 * reach the per-address limit; an IPv4 address written as IPv6 counts as itself. A proxy that is
 * believed (TRUST_PROXY=true believes everyone) may pass on any text as the client's address; one
 * too long for the table's primary key index is counted by its hash instead.
 */
export function addressKey(source: string): string {
  if (ipaddr.IPv6.isValid(source)) {
    const address = ipaddr.IPv6.parse(source);
    if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
    return `${new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
  }
  return source.length <= MAX_ADDRESS_KEY ? source : `#${hashed(source)}`;
}

export interface ThrottleOptions {
  /**
   * Count an account's failures per source address (the token endpoint, decision 0051): a lock then
   * refuses the account only from the address that failed, so nobody can lock a system client out
   * of its own address by knowing its client id.
   */
  accountPerAddress?: boolean;
}

/**
 * Failed-credential counters per account and per source address, in `login_throttle` so every
 * process counts together (rate-limiter-flexible's Drizzle store over our own database: PGlite and
 * PostgreSQL alike). Every attempt is counted before its credentials are checked, so parallel
 * guesses cannot all slip in before the lock; a success gives its point back.
 *
 * The delay grows with the account's failures, and with the address's over the last
 * `maxFailuresPerAccount` before its own lock, so an office behind one address is not slowed by a
 * few typing errors spread over its users.
 */
export function createThrottle(
  db: Database,
  limits: LoginLimits,
  name: 'login' | 'token' | 'reset',
  { accountPerAddress = false }: ThrottleOptions = {},
) {
  const limiter = (scope: Lock['scope'], points: number) =>
    new RateLimiterDrizzle({
      storeClient: db,
      schema: loginThrottle,
      keyPrefix: `${name}:${scope}`,
      points,
      duration: limits.windowSeconds,
      // Locks are set explicitly at the failure that reaches the limit; plugin.ts sweeps expired rows.
      blockDuration: 0,
      clearExpiredByTimeout: false,
    });
  const accounts = limiter('account', limits.maxFailuresPerAccount);
  const addresses = limiter('address', limits.maxFailuresPerAddress);
  const addressHeadStart = Math.max(0, limits.maxFailuresPerAddress - limits.maxFailuresPerAccount);

  /** One point for this attempt; a rejection (over the limit) answers how long it still lasts. */
  const take = async (of: RateLimiterDrizzle, key: string): Promise<RateLimiterRes | Lock['retryAfterSeconds']> => {
    try {
      return await of.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) return retryAfter(error.msBeforeNext);
      throw error;
    }
  };

  /** `account`: the e-mail address or client id tried, if any; `source`: the request's source address. */
  async function admit(account: string | undefined, source: string): Promise<Admission> {
    const address = addressKey(source);
    const byAddress = await take(addresses, address);
    if (typeof byAddress === 'number') return { locked: { scope: 'address', retryAfterSeconds: byAddress } };
    const accountKey =
      account === undefined ? undefined : accountPerAddress ? `${hashed(account)}@${address}` : hashed(account);
    const byAccount = accountKey === undefined ? undefined : await take(accounts, accountKey);
    if (typeof byAccount === 'number') {
      // Nothing was checked: a locked account's own user retrying does not bring the address closer to its lock.
      await addresses.reward(address);
      return { locked: { scope: 'account', retryAfterSeconds: byAccount } };
    }

    const failures = Math.max((byAccount?.consumedPoints ?? 1) - 1, byAddress.consumedPoints - 1 - addressHeadStart);
    return {
      attempt: {
        delayMs: delayFor(failures, limits.delay),
        async succeeded() {
          await Promise.all([accountKey !== undefined && accounts.delete(accountKey), addresses.reward(address)]);
        },
        async failed() {
          // Reaching the limit locks at once: this failure's answer already says so.
          const locks: Lock['scope'][] = [];
          if (accountKey !== undefined && byAccount?.remainingPoints === 0) {
            await accounts.block(accountKey, limits.lockSeconds);
            locks.push('account');
          }
          if (byAddress.remainingPoints === 0) {
            await addresses.block(address, limits.lockSeconds);
            locks.push('address');
          }
          const [scope] = locks;
          return scope && { scope, retryAfterSeconds: retryAfter(limits.lockSeconds * 1000) };
        },
      },
    };
  }

  return { admit };
}

/** The counters' keys of an account (rate-limiter-flexible's `<prefix>:<key>`), of the login and the reset form. */
const accountKeys = (email: string) =>
  (['login', 'reset'] as const).map((name) => `${name}:account:${hashed(email.toLowerCase())}`);

/**
 * Lifts a lock on an account and forgets its failures ('Ontgrendelen', or a password set through a
 * link). Its source addresses' counters stay: they protect other accounts too. Answers whether
 * the account was locked (without `limits`: whether it had failures counted).
 */
export async function unlockAccount(db: Database, email: string, limits?: LoginLimits): Promise<boolean> {
  const removed = await db
    .delete(loginThrottle)
    .where(inArray(loginThrottle.key, accountKeys(email)))
    .returning();
  return removed.some((row) => isLocked(row, limits));
}

/** Whether these accounts are locked now: the e-mail addresses (lower case) that are. */
export async function lockedAccounts(
  db: Database,
  emails: readonly string[],
  limits: LoginLimits,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const byKey = new Map(emails.map((email) => [accountKeys(email)[0]!, email.toLowerCase()]));
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, [...byKey.keys()]), gt(loginThrottle.expire, sql`now()`)));
  return new Set(rows.filter((row) => isLocked(row, limits)).map((row) => byKey.get(row.key)!));
}

/**
 * A counter row is a lock when rate-limiter-flexible's block() set it: its points exceed the
 * account's limit (block() stores points + 1) and it has not expired. Without limits any row that
 * has not expired and reached the default limit counts.
 */
function isLocked(row: { points: number; expire: Date | null }, limits?: LoginLimits): boolean {
  const live = row.expire === null || row.expire.getTime() > Date.now();
  return live && row.points > (limits?.maxFailuresPerAccount ?? 0);
}

/** Counters whose window or lock has passed count as absent already; this removes their rows. */
export async function deleteExpiredThrottles(db: Database): Promise<void> {
  await db.delete(loginThrottle).where(lt(loginThrottle.expire, sql`now()`));
}
