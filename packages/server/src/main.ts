import { buildApp } from './app';
import { loadConfig } from './config';
import { StartupError } from './secrets/check';

const config = loadConfig();
const app = await buildApp(config).catch((error: unknown) => {
  // What the operator must put right is said in one line, without a stack.
  if (!(error instanceof StartupError)) throw error;
  process.stderr.write(`Knooppunt start niet: ${error.message}\n`);
  process.exit(1);
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking connections, let running requests finish, close the database; give up after 10 s.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Knooppunt draait op ${config.publicUrl} (demo: ${config.demo ? 'aan' : 'uit'})`);
