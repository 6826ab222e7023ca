// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { noRestrictedZones } from './eslint-rules/boundaries.js';

const web = 'packages/web/src';

/**
 * The walls of the server (decision 0005, 0031). ESLint replaces a rule per file rather than adding
 * to it, so every block of the server repeats the walls of the blocks around it.
 */
const NO_WEB = { group: ['@knooppunt/web', '**/web/**'], message: 'The server never imports the portal.' };
const NO_DEMO = {
  group: ['**/demo', '**/demo/**'],
  message: 'Production code does not know the demo: the composition root (app.ts) hands in what the demo needs.',
};
const NO_MODULES = {
  group: ['**/modules', '**/modules/**'],
  message: 'Delivery does not import the modules: move what both use below both (outbound/, secrets/, db/).',
};
const MAIL_KNOWS_NEITHER =
  'Mail knows neither the identity provider nor delivery, which send mail through it: shared helpers live in lib/ or @knooppunt/domain.';
const NO_IDP = { group: ['**/idp', '**/idp/**'], message: MAIL_KNOWS_NEITHER };
const NO_DELIVERY = { group: ['**/delivery', '**/delivery/**'], message: MAIL_KNOWS_NEITHER };
/** @param {...{group: string[], message: string}} walls */
const serverWalls = (...walls) => [NO_WEB, ...walls];
/** Where the server is put together, demo included: it may import everything. */
const COMPOSITION_ROOT = [
  'packages/server/src/app.ts',
  'packages/server/src/app-jobs.ts',
  'packages/server/src/app-routes.ts',
  'packages/server/src/main.ts',
  'packages/server/src/cli.ts',
];
const features = existsSync(`${web}/features`) ? readdirSync(`${web}/features`) : [];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'packages/web/dist.*/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    // Command-line scripts talk to their user on the console.
    files: ['scripts/**', 'e2e/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Browser tests fail on a content security policy violation: they take `test` from support/test.
    files: ['e2e/tests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from '../support/test': it fails a test whose page broke the CSP.",
            },
          ],
        },
      ],
    },
  },
  {
    // The domain is pure: no I/O, and it depends on no other package of ours.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'pg', '@electric-sql/*'],
              message: 'The domain package does no I/O.',
            },
            {
              group: ['@knooppunt/*', '**/server/**', '**/web/**'],
              message: 'The domain depends on no other package.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverWalls() }] },
  },
  {
    // Production code does not know the demo: the composition root hands the provider what it shows.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/demo/**', ...COMPOSITION_ROOT],
    rules: { 'no-restricted-imports': ['error', { patterns: serverWalls(NO_DEMO) }] },
  },
  {
    // Delivery sits below the modules (the REST API): what both use lives below both (outbound/, secrets/).
    files: ['packages/server/src/delivery/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverWalls(NO_DEMO, NO_MODULES) }] },
  },
  {
    // Mail is used one way: the identity provider and delivery send through it (decision 0031).
    files: ['packages/server/src/mail/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverWalls(NO_DEMO, NO_IDP, NO_DELIVERY) }] },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, knooppunt: { rules: { 'no-restricted-zones': noRestrictedZones } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@knooppunt/server', '**/server/**'], message: 'The portal talks to the server over HTTP only.' },
          ],
        },
      ],
      // Shared code flows one way: components, lib -> features -> app; features never import each other.
      'knooppunt/no-restricted-zones': [
        'error',
        {
          root: path.resolve(import.meta.dirname),
          alias: { '@': web },
          zones: [
            ...['features', 'app'].map((from) => ({
              target: `${web}/components`,
              from: `${web}/${from}`,
              message: 'shared components depend on no feature and not on the app',
            })),
            ...['features', 'app', 'components'].map((from) => ({
              target: `${web}/lib`,
              from: `${web}/${from}`,
              message: 'lib depends on nothing above it',
            })),
            { target: `${web}/features`, from: `${web}/app`, message: 'features do not depend on the app' },
            ...features.map((feature) => ({
              target: `${web}/features/${feature}`,
              from: `${web}/features`,
              except: [feature],
              message: 'a feature never imports another feature',
            })),
          ],
        },
      ],
    },
  },
);
