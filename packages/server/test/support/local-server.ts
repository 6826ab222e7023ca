import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface LocalServer {
  /** http(s)://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** TCP connections accepted so far: a refused target must leave this at 0. */
  connections: number;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

type Handler = (request: ReceivedRequest, response: ServerResponse) => void;

/**
 * A real server on 127.0.0.1 with a port from listen(0): plain http, or https when TLS options
 * are given. The handler gets the request with its body already read.
 */
export async function startLocalServer(handler: Handler, tlsOptions?: https.ServerOptions): Promise<LocalServer> {
  const onRequest = (incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.requests.push(request);
      handler(request, response);
    });
  };
  const server = tlsOptions ? https.createServer(tlsOptions, onRequest) : http.createServer(onRequest);
  const state = { connections: 0, requests: [] as ReceivedRequest[] };
  server.on('connection', () => state.connections++);
  // A TLS server that rejects a client fails the handshake; that is the behaviour under test, not a crash.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${tlsOptions ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    get connections() {
      return state.connections;
    },
    requests: state.requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with a status and a JSON (or, for a string, plain text) body. */
export function reply(response: ServerResponse, status: number, body: unknown, contentType?: string): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': contentType ?? (typeof body === 'string' ? 'text/plain' : 'application/json'),
  });
  response.end(text);
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
