import fp from 'fastify-plugin';
import { Counter, type Registry } from 'prom-client';
import type { Config } from '../config';

/** At most this many proxy addresses are named in the log; the metric counts them all. */
const MAX_WARNED = 100;

/**
 * Says when a request carries `X-Forwarded-For` from an address the server does not believe
 * (`TRUST_PROXY`, decision 0051): the header is then ignored and the sender's own address is the
 * client's — behind a proxy not named in TRUST_PROXY every user would share the proxy's address,
 * in the login throttle too. Logged once per sending address, counted in
 * `knooppunt_forwarded_ignored_total`. Nothing to say when every sender is believed.
 */
export const forwardedCheck = fp<{ registry: Registry; trustProxy: Config['trustProxy'] }>(
  async (app, { registry, trustProxy }) => {
    if (trustProxy === true) return;
    const ignored = new Counter({
      name: 'knooppunt_forwarded_ignored_total',
      help: 'Requests whose X-Forwarded-For was ignored: sent by an address not in TRUST_PROXY',
      registers: [registry],
    });
    const warned = new Set<string>();
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-forwarded-for'] === undefined) return;
      const sender = request.socket.remoteAddress;
      // A believed sender: the forwarded address became the client's.
      if (sender === undefined || request.ip !== sender) return;
      ignored.inc();
      if (warned.has(sender) || warned.size >= MAX_WARNED) return;
      warned.add(sender);
      request.log.warn(
        { sender },
        'X-Forwarded-For ignored: the sending address is not in TRUST_PROXY, so it counts as the client (README: TRUST_PROXY)',
      );
    });
  },
);
