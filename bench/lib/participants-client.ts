import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from './protocol';

/** The participants' process (receiver and submitting systems), and a call to it. */
export async function startParticipants() {
  const child: ChildProcess = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'participants.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (message: { port: number }) => resolve(message.port)),
  );
  let seq = 0;
  const call = <T>(command: Command): Promise<T> =>
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
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid, call, stop: () => child.send({ cmd: 'exit' }) };
}

export type Participants = Awaited<ReturnType<typeof startParticipants>>;
