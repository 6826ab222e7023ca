/**
 * CPU time per process group, read from Linux's /proc: how the cores were shared during a phase —
 * the platform (this process: API, worker and, on PGlite, the database; with --workers also the
 * worker processes beside it), the PostgreSQL server's processes when it runs on this machine
 * (autovacuum included), and the participants' process.
 * Elsewhere than Linux, or for a remote server, a group reads as absent.
 */
import { readdirSync, readFileSync } from 'node:fs';

export type CpuGroup = 'platform' | 'postgres' | 'participants';
export type CpuSnapshot = Map<CpuGroup, number>;

const TICKS_PER_SECOND = 100;

function processTicks(pid: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return undefined; // gone meanwhile, or no /proc
  }
}

/**
 * Milliseconds of CPU used so far by each group; `participantsPid` is the participants' process,
 * `workerPids` the platform's worker processes besides this one.
 */
export function cpuSnapshot(participantsPid: number | undefined, workerPids: readonly number[] = []): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  const add = (group: CpuGroup, ticks: number | undefined) => {
    if (ticks !== undefined) snapshot.set(group, (snapshot.get(group) ?? 0) + (ticks * 1000) / TICKS_PER_SECOND);
  };
  add('platform', processTicks(String(process.pid)));
  for (const pid of workerPids) add('platform', processTicks(String(pid)));
  if (participantsPid !== undefined) add('participants', processTicks(String(participantsPid)));
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return snapshot;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') add('postgres', processTicks(pid));
    } catch {
      // gone meanwhile
    }
  }
  return snapshot;
}

/** CPU milliseconds per message of each group between two snapshots ('–' where a group is absent). */
export function cpuPerMessage(before: CpuSnapshot, after: CpuSnapshot, messages: number): Record<CpuGroup, string> {
  const per = (group: CpuGroup) => {
    const start = before.get(group);
    const end = after.get(group);
    return start === undefined || end === undefined ? '–' : `${((end - start) / messages).toFixed(2)} ms`;
  };
  return { platform: per('platform'), postgres: per('postgres'), participants: per('participants') };
}

/**
 * Milliseconds of CPU the host has taken from this virtual machine so far (`steal` in /proc/stat,
 * all cores together): time the guest's processes were ready to run and the host ran something
 * else. A drain that lost a tenth of a core to it runs slower for reasons not its own.
 */
export function stolenMs(): number | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
    const steal = Number(fields[8]);
    return Number.isFinite(steal) ? (steal * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
