import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isInternalAddress } from './addresses';
import { OUTBOUND_TEXTS, OutboundError } from './errors';

/** dns.lookup asking for every address: the shape the guard needs (and tests can stand in for). */
export type ResolveAll = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for net/tls connections that refuses the host when ANY of its addresses is internal,
 * not only the one that would be tried first: with several addresses the connection may fall
 * back to another one (happy eyeballs), and a name that mixes in an internal one is suspect anyway.
 */
export function createGuardedLookup(resolve: ResolveAll = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0 || addresses.some((entry) => isInternalAddress(entry.address))) {
        return callback(new OutboundError('refused_target', OUTBOUND_TEXTS.refusedTarget), '');
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first?.address ?? '', first?.family);
    });
  };
}
