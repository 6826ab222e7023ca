import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command, TestSideCommand } from './protocol';

/**
 * A bench process of its own (a file of this folder, run with tsx), once it said it is ready, and
 * a call to it over IPC: each command answered by the message with its `seq`.
 */
async function forkBenchProcess<C extends { cmd: string }>(file: string) {
  const child: ChildProcess = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), file), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port?: number }>((resolve) =>
    child.once('message', (message: { port?: number }) => resolve(message)),
  );
  let seq = 0;
  const call = <T>(command: C): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = ++seq;
      const onMessage = (message: { seq: number; value?: T; error?: string }) => {
        if (message.seq !== id) return;
        child.off('message', onMessage);
        if (message.error) reject(new Error(message.error));
        else resolve(message.value as T);
      };
      child.on('message', onMessage);
      child.send({ ...command, seq: id });
    });
  return { ready, pid: child.pid, call, stop: () => child.send({ cmd: 'exit' }) };
}

/** The participants' process (receiver and submitting systems), and a call to it. */
export async function startParticipants() {
  const { ready, pid, call, stop } = await forkBenchProcess<Command>('participants.ts');
  return { origin: `http://127.0.0.1:${ready.port}`, pid, call, stop };
}

export type Participants = Awaited<ReturnType<typeof startParticipants>>;

/** The test side's process (test-side.ts): test configurations, clients, conformance runs and test load. */
export async function startTestSide() {
  const { pid, call, stop } = await forkBenchProcess<TestSideCommand>('test-side.ts');
  return { pid, call, stop };
}
