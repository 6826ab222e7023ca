import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Logger, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const INITIAL_JS_BUDGET_KB = 250;
const SERVER = 'http://localhost:8080';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function commitHash(): string {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execSync('git rev-parse HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // A build from a source archive has no git history; the menu then says so.
    return 'onbekend';
  }
}

/**
 * Keeps the first page load lean: sums the gzipped size of the entry chunk and everything it
 * imports statically (what the browser must fetch before the first render) and fails the build
 * past the budget. Lazily loaded screens are not counted.
 */
function initialJsBudget(budgetKb: number): Plugin {
  let logger: Logger | undefined;
  return {
    name: 'knooppunt:initial-js-budget',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    writeBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
      );
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || initial.has(fileName)) return;
        initial.add(fileName);
        chunk.imports.forEach(visit);
      };
      chunks.forEach((chunk) => chunk.isEntry && visit(chunk.fileName));

      const bytes = [...initial].reduce((sum, fileName) => sum + gzipSync(chunks.get(fileName)?.code ?? '').length, 0);
      const kb = bytes / 1000;
      logger?.info(`initial JS: ${kb.toFixed(1)} kB gzipped (${initial.size} chunks, budget ${budgetKb} kB)`);
      if (kb > budgetKb) {
        this.error(`initial JS is ${kb.toFixed(1)} kB gzipped, over the budget of ${budgetKb} kB`);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), initialJsBudget(INITIAL_JS_BUDGET_KB)],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __COMMIT_HASH__: JSON.stringify(commitHash()),
  },
  build: {
    outDir: 'dist',
  },
  server: {
    proxy: Object.fromEntries(
      ['/rest', '/oidc', '/portal-config.json', '/api', '/docs', '/health'].map((path) => [path, SERVER]),
    ),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    // Dialog tests type and pick options like a user; on a busy two-core CI runner that takes seconds.
    testTimeout: 15_000,
    // Two test files at a time even on two cores (vitest's default is one fewer than the cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
