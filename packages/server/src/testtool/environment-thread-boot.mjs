// The test environment's thread starts here (environment-thread.ts): a worker thread does not
// inherit the main thread's TypeScript loader, so it registers tsx's before it loads the entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
