import { describe, expect, it } from 'vitest';
import { isInternalAddress } from '../src/outbound/addresses';

describe('isInternalAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback range'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12 (start)'],
    ['172.31.255.255', 'private 172.16/12 (end)'],
    ['192.168.1.10', 'private 192.168/16'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['100.64.0.1', 'CGNAT 100.64/10 (start)'],
    ['100.127.255.255', 'CGNAT 100.64/10 (end)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique local fc00::/7'],
    ['fd12:3456::1', 'unique local fd'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:192.168.0.1', 'IPv4-mapped private 192.168'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['[::1]', 'bracketed as in a URL'],
    ['localhost', 'not an IP address at all'],
    ['', 'empty'],
  ])('%s (%s) is internal', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    ['8.8.8.8', 'public IPv4'],
    ['93.184.216.34', 'public IPv4'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.0', 'just above 172.16/12'],
    ['100.63.255.255', 'just below CGNAT'],
    ['100.128.0.0', 'just above CGNAT'],
    ['169.255.0.1', 'just above link-local'],
    ['2001:4860:4860::8888', 'public IPv6'],
    ['2a00:1450:400e:80f::200e', 'public IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::808:808', 'NAT64 of a public address'],
    ['2002:808:808::1', '6to4 of a public address'],
  ])('%s (%s) is not internal', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});
