import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createGuardedLookup, type ResolveAll } from '../src/outbound/lookup';

/** A resolver that answers every name with the given addresses, as a (rebinding) DNS server might. */
const answering =
  (...addresses: string[]): ResolveAll =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

function lookUp(resolve: ResolveAll, all: boolean) {
  return new Promise<{ error: Error | null; result: string | LookupAddress[] }>((resolveResult) =>
    createGuardedLookup(resolve)('partner.example', { all }, (error, result) => resolveResult({ error, result })),
  );
}

describe('the guarded lookup', () => {
  it('passes a host with only public addresses on to the connection', async () => {
    const resolve = answering('93.184.216.34', '2606:2800:220:1::1');
    expect(await lookUp(resolve, true)).toEqual({
      error: null,
      result: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    });
    expect(await lookUp(resolve, false)).toEqual({ error: null, result: '93.184.216.34' });
  });

  it.each([
    ['a private address after a public one', ['93.184.216.34', '10.0.0.5']],
    ['the metadata address', ['169.254.169.254']],
    ['an IPv4-mapped loopback address', ['::ffff:127.0.0.1']],
    ['no address at all', []],
  ])('refuses a host that resolves to %s', async (_case, addresses) => {
    for (const all of [true, false]) {
      const { error } = await lookUp(answering(...addresses), all);
      expect(error).toMatchObject({ code: 'refused_target' });
    }
  });

  it('passes resolver errors on', async () => {
    const failing: ResolveAll = (_hostname, _options, callback) =>
      callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    expect((await lookUp(failing, false)).error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
