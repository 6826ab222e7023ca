import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { closedPort } from './local-server';

const run = promisify(execFile);

/** A PostgreSQL server of one test's own, which it may stop and start (a database outage). */
export interface PostgresServer {
  /** Its `postgres` database, as user knooppunt, without a password. */
  url: string;
  /** Stops it as an administrator would (`pg_ctl stop -m fast`: every session ended); resolves once it is down. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  close(): Promise<void>;
}

/** The newest PostgreSQL server installed the Debian way (as scripts/with-postgres.sh finds it). */
async function serverBin(): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = (await readdir(root).catch(() => [])).sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error(`no PostgreSQL server under ${root}: apt-get install postgresql`);
  return path.join(root, newest, 'bin');
}

/**
 * A throwaway PostgreSQL server on 127.0.0.1 (initdb, then pg_ctl), for a test that stops the
 * database under a running application. initdb refuses to run as root, so as root it runs as the
 * 'postgres' user, as scripts/with-postgres.sh does.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = await serverBin();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'knooppunt-outage-'));
  const asOwner: string[] = [];
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    await chown(dir, Number(stdout.trim()), -1);
    asOwner.push('runuser', '-u', 'postgres', '--');
  }
  const command = async (program: string, args: string[]) => {
    const [file, ...rest] = [...asOwner, path.join(bin, program), ...args];
    await run(file!, rest, { timeout: 60_000 });
  };
  const port = await closedPort();
  const data = path.join(dir, 'data');
  await command('initdb', ['-D', data, '-U', 'knooppunt', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off`;
  const start = () => command('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', options, 'start']);
  const stop = (mode: 'fast' | 'immediate') => command('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  await start();
  return {
    url: `postgres://knooppunt@127.0.0.1:${port}/postgres`,
    stop: () => stop('fast'),
    start,
    close: async () => {
      await stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
