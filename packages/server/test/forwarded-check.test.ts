import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '../src/idp/throttle';
import { createTestApp, type TestApp } from './helpers';

/*
 * Issue 31 item 3's remainder (decision 0051): an X-Forwarded-For from a sender not in TRUST_PROXY
 * is ignored and said so (a metric, a log line once per sender); an IPv6 client is counted by its
 * /64 in the throttles.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => t?.close());

const ignoredCount = async () => {
  const text = (await t.app.inject('/metrics')).body;
  return Number(/^knooppunt_forwarded_ignored_total (\d+)/m.exec(text)?.[1]);
};

describe('X-Forwarded-For from a sender not in TRUST_PROXY', () => {
  it('is ignored, counted and logged; a believed sender’s is used', async () => {
    const before = await ignoredCount();
    const believed = await t.app.inject({
      url: '/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(believed.statusCode).toBe(200);
    const notBelieved = await t.app.inject({
      url: '/health',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(notBelieved.statusCode).toBe(200);
    expect(await ignoredCount()).toBe(before + 1);
  });
});

describe('a source address in the throttles', () => {
  it('counts an IPv6 client by its /64, an IPv4-mapped one as IPv4, and anything else as given', () => {
    expect(addressKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('geen adres')).toBe('geen adres');
    expect(addressKey('x'.repeat(65))).toMatch(/^#/);
  });
});
