#!/usr/bin/env node
// Builds the portal (packages/web/dist) when it is missing or stale — its sources, the domain's,
// their configuration, the lockfile or the commit changed since — and never two builds at once:
// several processes started together (README 'Scale out') wait for the one that builds. `npm
// start` runs it before the server; `--force` (`npm run build`) builds even when it is current.
// Decision 0046.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'packages/web');
const dist = path.join(web, 'dist');
const lock = path.join(web, 'dist.lock');
/** Inside the build, so that it is replaced with it: what the build was made from. */
const FINGERPRINT = '.fingerprint';
/** The longest wait for another process's build; a build takes seconds. */
const WAIT_MS = 10 * 60_000;
/** A lock file still empty after this long belongs to a process that died while taking it. */
const EMPTY_LOCK_MS = 10_000;

/** Everything the build is made of: folders walked whole, single files, and the lockfile. */
const INPUTS = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/tsconfig.json',
  'packages/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** The commit the portal shows in its menu, as vite.config.ts reads it. */
function commit() {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'onbekend';
  }
}

function filesUnder(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

/**
 * A hash of the inputs' contents (not their times: a copy that keeps old times, or a touch
 * without a change, decides nothing) and of the commit.
 */
function fingerprint(gitCommit) {
  const hash = createHash('sha256').update(`commit ${gitCommit}\0`);
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`).update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function builtFrom() {
  try {
    if (!existsSync(path.join(dist, 'index.html'))) return undefined;
    return readFileSync(path.join(dist, FINGERPRINT), 'utf8').trim();
  } catch {
    return undefined;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the lock if it is free or its holder is gone; answers whether it did, or the holder. */
function tryLock() {
  try {
    writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
    return { taken: true };
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  let holder;
  try {
    holder = Number(readFileSync(lock, 'utf8').trim());
    if (!holder && Date.now() - statSync(lock).mtimeMs < EMPTY_LOCK_MS) return { taken: false };
  } catch {
    return { taken: false };
  }
  if (holder && alive(holder)) return { taken: false, holder };
  // A build that ended without its release (killed): its lock does not count. Should two waiters
  // both take it over, each builds into a folder of its own, so the result is still one whole build.
  rmSync(lock, { force: true });
  return tryLock();
}

function release() {
  try {
    if (Number(readFileSync(lock, 'utf8').trim()) === process.pid) unlinkSync(lock);
  } catch {
    // Already gone.
  }
}

function vite() {
  try {
    const manifest = createRequire(path.join(web, 'package.json')).resolve('vite/package.json');
    const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
    return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin.vite);
  } catch {
    return undefined;
  }
}

/** Leftovers of builds whose process ended midway (interrupted): their folders go. */
function removeLeftovers() {
  for (const entry of readdirSync(web)) {
    const pid = /^dist\.(?:new|old)-(\d+)$/.exec(entry)?.[1];
    if (pid && !alive(Number(pid))) rmSync(path.join(web, entry), { recursive: true, force: true });
  }
}

/** Builds into a folder of its own, then puts it in place of the old build; answers the exit code. */
function build(gitCommit, wanted) {
  const bin = vite();
  if (!bin) {
    console.error(
      'The portal must be built, and Vite is not installed (installed without dev dependencies?). ' +
        "Build it where they are ('npm ci && npm run build'), or set WEB_DIST to a built portal (docs/operations.md).",
    );
    return 1;
  }
  removeLeftovers();
  const next = path.join(web, `dist.new-${process.pid}`);
  console.log('Building the portal (packages/web/dist) …');
  const run = spawnSync(process.execPath, [bin, 'build', '--outDir', next, '--emptyOutDir'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, GIT_COMMIT: gitCommit },
  });
  if (run.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    console.error('The portal did not build; see above.');
    return run.status ?? 1;
  }
  writeFileSync(path.join(next, FINGERPRINT), `${wanted}\n`);
  const old = path.join(web, `dist.old-${process.pid}`);
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(next, dist);
  rmSync(old, { recursive: true, force: true });
  return 0;
}

const force = process.argv.includes('--force');
if (process.env.WEB_DIST && !force) {
  // The server serves that folder, not this one: nothing to build here.
  process.exit(0);
}

const gitCommit = commit();
const wanted = fingerprint(gitCommit);
if (!force && builtFrom() === wanted) process.exit(0);

const until = Date.now() + WAIT_MS;
let waited = false;
for (;;) {
  const attempt = tryLock();
  if (attempt.taken) break;
  if (Date.now() > until) {
    console.error(`Waited ${WAIT_MS / 60_000} minutes for another process's portal build (${lock}); giving up.`);
    process.exit(1);
  }
  if (!waited) console.log(`The portal is being built by process ${attempt.holder ?? '?'}; waiting for it …`);
  waited = true;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
let code = 0;
try {
  // Another process may have built it meanwhile: then this one need not, even when forced.
  if ((force && !waited) || builtFrom() !== wanted) code = build(gitCommit, wanted);
} finally {
  release();
}
process.exit(code);
