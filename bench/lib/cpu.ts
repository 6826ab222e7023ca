/**
 * CPU time per process group, read from Linux's /proc: how the cores were shared during a phase —
 * the platform (this process: API, worker and, on PGlite, the database; with --workers also the
 * worker processes beside it), the PostgreSQL server's processes when it runs on this machine
 * (autovacuum included), the participants' process, the test phase's test side (its own process:
 * test configurations, conformance runs and test load through the platform's API), and all other
 * processes of the machine together (`others`: what else ran on a shared machine meanwhile).
 * Elsewhere than Linux, or for a remote server, a group reads as absent.
 */
import { readdirSync, readFileSync } from 'node:fs';

export type CpuGroup = 'platform' | 'postgres' | 'participants' | 'testSide' | 'others';
export type CpuSnapshot = Map<CpuGroup, number>;

const TICKS_PER_SECOND = 100;

/** A process's parent, its CPU ticks (utime + stime), and those of its children that ended (cutime + cstime). */
function processStat(pid: string): { ppid: number; ticks: number; endedChildren: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      endedChildren: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined; // gone meanwhile, or no /proc
  }
}

const processTicks = (pid: string) => processStat(pid)?.ticks;

/** The ticks every core spent running something (user, nice, system, irq, softirq) so far, from /proc/stat. */
function busyTicks(): number | undefined {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = [user, nice, system, irq, softirq].reduce<number>((sum, ticks) => sum + (ticks ?? 0), 0);
    return Number.isFinite(busy) ? busy : undefined;
  } catch {
    return undefined;
  }
}

export interface CpuProcesses {
  /** The participants' process. */
  participantsPid?: number | undefined;
  /** The platform's worker processes besides this one. */
  workerPids?: readonly number[];
  /** The test phase's test side. */
  testSidePid?: number | undefined;
  /**
   * The port of the bench's PostgreSQL server: only its processes count as `postgres` (another
   * server on a shared machine is `others`). Without it, or when no postmaster says that port,
   * every process named postgres counts.
   */
  postgresPort?: number | undefined;
}

/** Milliseconds of CPU used so far by each group. */
export function cpuSnapshot({
  participantsPid,
  workerPids = [],
  testSidePid,
  postgresPort,
}: CpuProcesses): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  const add = (group: CpuGroup, ticks: number | undefined) => {
    if (ticks !== undefined) snapshot.set(group, (snapshot.get(group) ?? 0) + (ticks * 1000) / TICKS_PER_SECOND);
  };
  add('platform', processTicks(String(process.pid)));
  for (const pid of workerPids) add('platform', processTicks(String(pid)));
  if (participantsPid !== undefined) add('participants', processTicks(String(participantsPid)));
  if (testSidePid !== undefined) add('testSide', processTicks(String(testSidePid)));
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return snapshot;
  }
  const servers = new Map<number, { ppid: number; ticks: number; endedChildren: number; cmdline: string }>();
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const stat = processStat(pid);
      if (stat) servers.set(Number(pid), { ...stat, cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8') });
    } catch {
      // gone meanwhile
    }
  }
  // The postmaster was started with `-c port=<port>` (scripts/with-postgres.sh); its backends are its children.
  const postmaster =
    postgresPort === undefined
      ? undefined
      : [...servers].find(([, { cmdline }]) => cmdline.includes(`port=${postgresPort}`))?.[0];
  for (const [pid, { ppid, ticks, endedChildren }] of servers) {
    if (postmaster !== undefined && pid !== postmaster && ppid !== postmaster) continue;
    add('postgres', ticks);
    // A postmaster (no postgres process above it) has reaped the server processes that ended —
    // autovacuum workers above all, which come and go within a drain: their CPU is its children's.
    // Without this a worker seen running in one snapshot and gone by the next took its time along.
    if (!servers.has(ppid)) add('postgres', endedChildren);
  }
  // Everything else the machine ran: the cores' busy time less the groups' (differences of two
  // snapshots are what counts; a process that ended between them is counted as another's).
  const busy = busyTicks();
  if (busy !== undefined) {
    const ours = [...snapshot.values()].reduce((sum, ms) => sum + ms, 0);
    snapshot.set('others', (busy * 1000) / TICKS_PER_SECOND - ours);
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
  return {
    platform: per('platform'),
    postgres: per('postgres'),
    participants: per('participants'),
    testSide: per('testSide'),
    others: per('others'),
  };
}

/** The cores each group used on average between two snapshots `ms` apart ('–' where a group is absent). */
export function cpuCores(before: CpuSnapshot, after: CpuSnapshot, ms: number): Record<CpuGroup, string> {
  const cores = (group: CpuGroup) => {
    const start = before.get(group);
    const end = after.get(group);
    return start === undefined || end === undefined ? '–' : ((end - start) / ms).toFixed(2);
  };
  return {
    platform: cores('platform'),
    postgres: cores('postgres'),
    participants: cores('participants'),
    testSide: cores('testSide'),
    others: cores('others'),
  };
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
