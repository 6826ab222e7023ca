import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * `npm start` builds the portal only when its build is missing or stale, and never twice at once
 * (issue 29 item 6, decision 0046): scripts/build-portal.mjs, run in a checkout of its own whose
 * Vite is a stand-in that logs each build's start and end.
 */

const SCRIPT = fileURLToPath(new URL('../../../scripts/build-portal.mjs', import.meta.url));

/** Writes `index.html` into `--outDir` after a pause, logging its start and end with its pid. */
const FAKE_VITE = `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
const log = path.resolve(process.cwd(), '../../builds.log');
const outDir = process.argv[process.argv.indexOf('--outDir') + 1];
appendFileSync(log, \`start \${process.pid}\\n\`);
await new Promise((resolve) => setTimeout(resolve, 400));
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'index.html'), \`<title>\${process.env.GIT_COMMIT}</title>\`);
appendFileSync(log, \`end \${process.pid}\\n\`);
`;

/** A checkout with the portal's inputs, the script, and (unless `vite: false`) the stand-in Vite. */
async function checkout({ vite = true } = {}) {
  const root = await mkdtemp(path.join(tmpdir(), 'knooppunt-start-'));
  const files: Record<string, string> = {
    'scripts/build-portal.mjs': '',
    'package-lock.json': '{"lockfileVersion":3}',
    'tsconfig.base.json': '{}',
    'packages/web/package.json': '{"name":"@knooppunt/web"}',
    'packages/web/index.html': '<div id="root"></div>',
    'packages/web/vite.config.ts': 'export default {};',
    'packages/web/src/main.tsx': 'export const screen = 1;',
    'packages/domain/package.json': '{"name":"@knooppunt/domain"}',
    'packages/domain/src/index.ts': 'export const texts = {};',
  };
  if (vite) {
    files['node_modules/vite/package.json'] = '{"name":"vite","bin":{"vite":"bin/vite.js"}}';
    files['node_modules/vite/bin/vite.js'] = FAKE_VITE;
  }
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  await copyFile(SCRIPT, path.join(root, 'scripts/build-portal.mjs'));
  return root;
}

function start(root: string, args: string[] = [], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const { WEB_DIST: _webDist, ...inherited } = process.env;
    execFile(
      process.execPath,
      [path.join(root, 'scripts/build-portal.mjs'), ...args],
      { env: { ...inherited, GIT_COMMIT: 'abc123', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

async function builds(root: string): Promise<string[]> {
  const log = path.join(root, 'builds.log');
  return existsSync(log) ? (await readFile(log, 'utf8')).trim().split('\n') : [];
}

const count = async (root: string) => (await builds(root)).filter((line) => line.startsWith('start')).length;

describe('the portal build at start', () => {
  it('builds when missing, not again while current, and again when a source, the lockfile or the commit changed', async () => {
    const root = await checkout();
    expect((await start(root)).code).toBe(0);
    expect(await count(root)).toBe(1);
    expect(await readFile(path.join(root, 'packages/web/dist/index.html'), 'utf8')).toBe('<title>abc123</title>');

    expect((await start(root)).code).toBe(0);
    expect(await count(root)).toBe(1);
    // A touched file that did not change (a copy, a checkout) is no reason.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'packages/web/src/main.tsx'), later, later);
    await start(root);
    expect(await count(root)).toBe(1);

    await writeFile(path.join(root, 'packages/web/src/main.tsx'), 'export const screen = 2;');
    await start(root);
    expect(await count(root)).toBe(2);
    await writeFile(path.join(root, 'packages/domain/src/index.ts'), 'export const texts = { a: 1 };');
    await start(root);
    expect(await count(root)).toBe(3);
    await writeFile(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    await start(root);
    expect(await count(root)).toBe(4);
    await start(root, [], { GIT_COMMIT: 'def456' });
    expect(await count(root)).toBe(5);
    // --force (npm run build) builds anyway; nothing of a build is left beside dist.
    await start(root, ['--force'], { GIT_COMMIT: 'def456' });
    expect(await count(root)).toBe(6);
    expect((await readdir(path.join(root, 'packages/web'))).filter((name) => name.startsWith('dist'))).toEqual([
      'dist',
    ]);
  });

  it('several processes started together: one builds, the others wait for it and serve its build', async () => {
    const root = await checkout();
    const results = await Promise.all([1, 2, 3, 4].map(() => start(root)));
    expect(results.map((result) => result.code)).toEqual([0, 0, 0, 0]);
    const log = await builds(root);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatch(/^start /);
    expect(log[1]).toMatch(/^end /);
    expect(results.filter((result) => result.stdout.includes('waiting for it')).length).toBeGreaterThan(0);
    expect(existsSync(path.join(root, 'packages/web/dist/index.html'))).toBe(true);
    expect(existsSync(path.join(root, 'packages/web/dist.lock'))).toBe(false);
  });

  it('takes over the lock of a build that ended without releasing it', async () => {
    const root = await checkout();
    // A process id that runs nothing: a build killed midway left its lock and its folder.
    await writeFile(path.join(root, 'packages/web/dist.lock'), '999999999\n');
    await mkdir(path.join(root, 'packages/web/dist.new-999999999'));
    expect((await start(root)).code).toBe(0);
    expect(await count(root)).toBe(1);
    expect((await readdir(path.join(root, 'packages/web'))).filter((name) => name.startsWith('dist'))).toEqual([
      'dist',
    ]);
  });

  it('without dev dependencies: a current build starts, a stale one is refused with what to do', async () => {
    const root = await checkout();
    await start(root);
    await rm(path.join(root, 'node_modules'), { recursive: true });
    expect((await start(root)).code).toBe(0);

    await writeFile(path.join(root, 'packages/web/src/main.tsx'), 'export const screen = 3;');
    const stale = await start(root);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('The portal must be built, and Vite is not installed');
    // WEB_DIST names a portal built elsewhere: nothing to build here.
    expect((await start(root, [], { WEB_DIST: '/srv/knooppunt/portal' })).code).toBe(0);
  });
});
