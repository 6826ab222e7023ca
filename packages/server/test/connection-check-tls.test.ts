import type { ServerOptions } from 'node:https';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createOutbound, outboundFromConfig, type OutboundOptions } from '../src/outbound/client';
import { checkConnection } from '../src/modules/connection-check/check';
import type { LocalServer } from './support/local-server';
import { createTestCertificates, type TestCertificates } from './support/certificates';
import { startParticipant, targetAt } from './support/participant';

let certificates: TestCertificates;
beforeAll(() => {
  certificates = createTestCertificates();
});

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((close) => close()));
});

async function httpsParticipant(requireClientCertificate: boolean, tls: ServerOptions = {}): Promise<LocalServer> {
  const server = await startParticipant(
    { callbacks: { Opdracht: 202 } },
    {
      ...certificates.server,
      ca: certificates.ca,
      requestCert: requireClientCertificate,
      rejectUnauthorized: requireClientCertificate,
      ...tls,
    },
  );
  cleanup.push(server.close);
  return server;
}

function outbound(options: Partial<OutboundOptions> = {}) {
  const created = createOutbound({ allowPrivateTargets: true, timeoutMs: 3000, ...options });
  cleanup.push(created.close);
  return created;
}

const callbacks = (server: LocalServer) => ({ Opdracht: `${server.origin}/callback/Opdracht` });

describe('checkConnection over https', () => {
  it('succeeds when the server certificate is signed by a trusted CA', async () => {
    const server = await httpsParticipant(false);
    const results = await checkConnection(
      targetAt(server.origin, callbacks(server)),
      outbound({ ca: certificates.ca }),
    );
    expect(results.tokenUrl).toMatchObject({
      success: true,
      message: 'Token succesvol opgehaald (geldig 3600 seconden)',
    });
    expect(results.Opdracht).toMatchObject({ success: true, message: 'Callback bereikbaar (202 Accepted)' });
  });

  it('fails with a TLS error when the server certificate is not trusted', async () => {
    const server = await httpsParticipant(false);
    const results = await checkConnection(targetAt(server.origin, callbacks(server)), outbound());
    expect(results.tokenUrl).toMatchObject({
      success: false,
      message: 'TLS-fout: het certificaat van de server wordt niet vertrouwd',
    });
    expect(Object.keys(results)).toEqual(['tokenUrl']);
    expect(server.requests).toHaveLength(0);
  });

  describe('against a server that requires a client certificate', () => {
    it('succeeds with mTLS and the platform client certificate', async () => {
      const server = await httpsParticipant(true);
      const results = await checkConnection(
        targetAt(server.origin, callbacks(server), { useMtls: true }),
        outbound({ ca: certificates.ca, clientCertificate: certificates.client }),
      );
      expect(results.tokenUrl?.success).toBe(true);
      expect(results.Opdracht?.success).toBe(true);
    });

    it('fails, naming the missing client certificate, when the configuration does not use mTLS', async () => {
      const server = await httpsParticipant(true);
      const results = await checkConnection(
        targetAt(server.origin, callbacks(server), { useMtls: false }),
        outbound({ ca: certificates.ca, clientCertificate: certificates.client }),
      );
      expect(results.tokenUrl?.success).toBe(false);
      expect(results.tokenUrl?.message).toMatch(/clientcertificaat/);
      expect(Object.keys(results)).toEqual(['tokenUrl']);
      expect(server.requests).toHaveLength(0);
    });

    it('fails with the TLS alert of a TLS 1.2 server that names the missing client certificate', async () => {
      const server = await httpsParticipant(true, { maxVersion: 'TLSv1.2' });
      const results = await checkConnection(
        targetAt(server.origin, callbacks(server)),
        outbound({ ca: certificates.ca }),
      );
      expect(results.tokenUrl).toMatchObject({
        success: false,
        message: 'TLS-fout: de server weigert de verbinding zonder geldig clientcertificaat',
      });
    });

    it('fails clearly when mTLS is asked but no client certificate is configured', async () => {
      const server = await httpsParticipant(true);
      const results = await checkConnection(
        targetAt(server.origin, callbacks(server), { useMtls: true }),
        outbound({ ca: certificates.ca }),
      );
      expect(results.tokenUrl).toMatchObject({
        success: false,
        message: 'mTLS staat aan voor deze configuratie, maar op het platform is geen clientcertificaat ingesteld',
      });
      expect(server.connections).toBe(0);
    });
  });
});

describe('outboundFromConfig', () => {
  it('gives the platform a client certificate exactly when MTLS_CERT_FILE and MTLS_KEY_FILE are set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'knooppunt-mtls-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'client.crt'), certificates.client.cert);
    writeFileSync(path.join(dir, 'client.key'), certificates.client.key);
    const config = loadConfig({
      ALLOW_PRIVATE_TARGETS: '1',
      MTLS_CERT_FILE: path.join(dir, 'client.crt'),
      MTLS_KEY_FILE: path.join(dir, 'client.key'),
    });
    const configured = outboundFromConfig(config.outbound);
    const unconfigured = outboundFromConfig(loadConfig({}).outbound);
    cleanup.push(configured.close, unconfigured.close);
    expect(configured.hasClientCertificate).toBe(true);
    expect(unconfigured.hasClientCertificate).toBe(false);
  });
});
