import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { Agent, request, type Dispatcher } from 'undici';
import type { Config } from '../config';
import { isInternalAddress } from './addresses';
import { OUTBOUND_TEXTS, OutboundError, toOutboundError } from './errors';
import { createGuardedLookup } from './lookup';

export interface OutboundOptions {
  /** Allows plain http and internal addresses: demo mode and tests talk to loopback. */
  allowPrivateTargets: boolean;
  /** For the whole call: connecting, TLS, waiting for the answer and reading its body. */
  timeoutMs: number;
  /** The platform's client certificate (PEM), used for calls with `mtls: true`. */
  clientCertificate?: { cert: string | Buffer; key: string | Buffer };
  /** An extra trusted CA (PEM) next to the system's roots; tests use their own CA. */
  ca?: string | Buffer;
}

export interface OutboundRequest {
  headers?: Record<string, string>;
  body: string;
  mtls: boolean;
}

export interface OutboundResponse {
  status: number;
  /** The standard reason phrase of the status ('Unauthorized'); empty for unknown codes. */
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text, cut off at MAX_RESPONSE_BYTES. */
  text: string;
  truncated: boolean;
}

export interface Outbound {
  readonly timeoutMs: number;
  readonly hasClientCertificate: boolean;
  /** Throws OutboundError when the call could not be made; any HTTP status is an answer. */
  post(url: string, request: OutboundRequest): Promise<OutboundResponse>;
  close(): Promise<void>;
}

/** Enough for any token answer or error page excerpt; a participant cannot make us buffer more. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * The one way the platform calls a participant's URL. Redirects are not followed (undici's
 * request does not, and no redirect interceptor is added): a redirect could lead anywhere.
 */
export function createOutbound(options: OutboundOptions): Outbound {
  const { allowPrivateTargets, timeoutMs } = options;
  const connect = {
    timeout: timeoutMs,
    // The check sits in the lookup of the connection itself, so the address judged is the address
    // connected to: a DNS answer that changes between a check and the call (rebinding) cannot slip by.
    ...(allowPrivateTargets ? {} : { lookup: createGuardedLookup() }),
    // Node replaces its roots with `ca` when given one; the extra CA is meant to come on top.
    ...(options.ca ? { ca: [...tls.rootCertificates, options.ca.toString()] } : {}),
  };
  const agentOptions = { headersTimeout: timeoutMs, bodyTimeout: timeoutMs, keepAliveTimeout: 10_000 };
  const plain = new Agent({ ...agentOptions, connect });
  const certificate = options.clientCertificate;
  const mtls = certificate
    ? new Agent({ ...agentOptions, connect: { ...connect, cert: certificate.cert, key: certificate.key } })
    : undefined;

  return {
    timeoutMs,
    hasClientCertificate: mtls !== undefined,
    async post(url, call) {
      const target = checkTarget(url, allowPrivateTargets);
      const dispatcher = call.mtls ? mtls : plain;
      if (!dispatcher) throw new OutboundError('no_client_certificate', OUTBOUND_TEXTS.noClientCertificate);
      // A timer of our own, cleared when the call ends (AbortSignal.timeout's would run out, and
      // build its TimeoutError, for every call long after most have ended), aborting through an
      // EventEmitter, which undici takes as a signal: an AbortController and its listeners cost
      // ~4 µs a call against 0.1 µs (2.8 % of the delivery worker's thread in a profile of the drain).
      const abort = new EventEmitter();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        abort.emit('abort');
      }, timeoutMs);
      try {
        const response = await request(target, {
          method: 'POST',
          headers: call.headers,
          body: call.body,
          dispatcher,
          signal: abort,
        });
        const { text, truncated } = await readBody(response);
        return {
          status: response.statusCode,
          statusText: STATUS_CODES[response.statusCode] ?? '',
          headers: response.headers,
          text,
          truncated,
        };
      } catch (error) {
        const failure = toOutboundError(error, { timedOut, timeoutMs });
        // A server that wants a client certificate may just hang up after the handshake (Node's
        // https server does, under TLS 1.3) instead of sending an alert that names the reason.
        if (failure.code === 'connection_lost' && target.protocol === 'https:' && !call.mtls) {
          throw new OutboundError('connection_lost', OUTBOUND_TEXTS.connectionLostWithoutCertificate, failure.reason);
        }
        throw failure;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await Promise.all([plain.close(), mtls?.close()]);
    },
  };
}

/** The outbound of the running platform, with the client certificate read from its PEM files. */
export function outboundFromConfig(config: Config['outbound']): Outbound {
  const files = config.clientCertificate;
  return createOutbound({
    allowPrivateTargets: config.allowPrivateTargets,
    timeoutMs: config.timeoutMs,
    clientCertificate: files ? { cert: readFileSync(files.certFile), key: readFileSync(files.keyFile) } : undefined,
  });
}

/** Refuses what can be refused from the URL alone: other schemes, plain http, internal IP literals. */
function checkTarget(url: string, allowPrivateTargets: boolean): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundError('invalid_url', OUTBOUND_TEXTS.invalidUrl);
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new OutboundError('invalid_url', OUTBOUND_TEXTS.invalidUrl);
  }
  if (allowPrivateTargets) return target;
  if (target.protocol !== 'https:') throw new OutboundError('refused_target', OUTBOUND_TEXTS.httpsOnly);
  // An IP literal is connected to without any lookup, so it is judged here.
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && isInternalAddress(host)) {
    throw new OutboundError('refused_target', OUTBOUND_TEXTS.refusedTarget);
  }
  return target;
}

/**
 * The answer's body, at most MAX_RESPONSE_BYTES of it. An answer whose Content-Length is within
 * that is read whole (HTTP/1.1 framing stops it there), without the stream iterator's cost.
 */
async function readBody(response: Dispatcher.ResponseData): Promise<{ text: string; truncated: boolean }> {
  if (Number(response.headers['content-length']) <= MAX_RESPONSE_BYTES) {
    return { text: await response.body.text(), truncated: false };
  }
  return readCapped(response.body);
}

/** Reads the body's chunks until MAX_RESPONSE_BYTES; past that the stream is destroyed, the rest never read. */
function readCapped(body: Dispatcher.ResponseData['body']): Promise<{ text: string; truncated: boolean }> {
  // Events rather than the stream's async iterator, which costs a message's delivery several objects.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      const room = MAX_RESPONSE_BYTES - size;
      if (chunk.length <= room) {
        chunks.push(chunk);
        size += chunk.length;
        return;
      }
      chunks.push(chunk.subarray(0, room));
      body.off('data', onData);
      // Destroying the stream drops the socket: the rest is never read.
      body.destroy();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), truncated: true });
    };
    body.on('data', onData);
    body.once('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), truncated: false }));
    body.once('error', reject);
  });
}
