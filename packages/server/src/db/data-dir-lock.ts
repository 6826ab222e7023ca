import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** The process that holds an embedded data folder, if it still runs. */
export function dataDirHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

const lockFile = (dataDir: string) => `${dataDir}.pid`;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `De gegevensmap ${dataDir} is in gebruik door proces ${pid} (een draaiende Knooppunt-server). ` +
        'PGlite verdraagt maar één proces tegelijk: stop dat eerst, of gebruik een PostgreSQL-server (DATABASE_URL).',
    );
  }
}

/**
 * PGlite keeps its data in a folder that only one process may open: a second one (another server,
 * the operator's command) would corrupt it. The holder writes its pid beside the folder; a pid of
 * a process that no longer runs (a crash) does not count. Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined && holder !== process.pid) throw new DataDirInUseError(dataDir, holder);
  writeFileSync(lockFile(dataDir), `${process.pid}\n`);
  return () => {
    try {
      if (dataDirHolder(dataDir) === process.pid) unlinkSync(lockFile(dataDir));
    } catch {
      // Already gone.
    }
  };
}
