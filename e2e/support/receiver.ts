import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A callback the receiver got: its path and the Idempotency-Key it came with. */
export interface ReceivedCallback {
  path: string;
  idempotencyKey: string | undefined;
  body: { id?: string; opdrachtId?: string };
  /** The body exactly as it came, and every header: what a signature is checked against. */
  rawBody: string;
  headers: IncomingHttpHeaders;
  /** What the receiver answered, and when (ms since the epoch). */
  status: number;
  at: number;
}

export interface CallbackReceiver {
  /** Its base URL: `${origin}/token`, `${origin}/callback/<type>`. */
  origin: string;
  callbacks: ReceivedCallback[];
  /** From now on every callback is answered 200 (for a receiver started `failUntilRecovered`). */
  recover(): void;
  close(): Promise<void>;
}

/**
 * A participant's system of the test's own on 127.0.0.1, to see what the platform delivered: a
 * token endpoint that hands out a token, and callbacks that are recorded and answered 200 — or
 * 500 for the first `failFirst` of them, so a message is delivered after a failure; or 500 for
 * all of them with `failUntilRecovered`, until `recover()`.
 */
export async function startCallbackReceiver({
  failFirst = 0,
  failUntilRecovered = false,
} = {}): Promise<CallbackReceiver> {
  const callbacks: ReceivedCallback[] = [];
  let calls = 0;
  let failing = failUntilRecovered;
  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/token') {
        response.end(JSON.stringify({ access_token: 'e2e-ontvanger-token', token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      const status = ++calls <= failFirst || failing ? 500 : 200;
      callbacks.push({
        path: request.url ?? '',
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(text || '{}') as ReceivedCallback['body'],
        rawBody: text,
        headers: request.headers,
        status,
        at: Date.now(),
      });
      response.statusCode = status;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    callbacks,
    recover: () => {
      failing = false;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
