import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import {
  aloneIntegrationTests,
  integrationTests,
  journeys,
  noDatabaseVariable,
  unitTests,
} from './scripts/test-layout.ts';

/** V8 keeps the WebAssembly code a tier-up replaced instead of freeing it (see the `db` project). */
const wasmCodeKept = ['--no-wasm-code-gc'];

// Projects chosen by a test file's name (scripts/test-layout.ts, docs/decisions/058): `unit` runs
// once without a database, `db` (and `db-alone`, after it) on the embedded database or on
// DATABASE_URL's server (CI runs them on both), `e2e` once against the built app.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unitTests,
          exclude: integrationTests,
          env: { [noDatabaseVariable]: '1' },
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: integrationTests,
          exclude: aloneIntegrationTests,
          globalSetup: ['server/test/global-setup.ts'],
          // A worker imports the app once for all its files rather than once a file (35% of the
          // project's CPU time). Each file has its own database, the app's state is kept per
          // database handle, and spies are restored after every test (docs/decisions/058).
          isolate: false,
          // A worker runs file after file, each with embedded databases sharing PGlite's compiled
          // WebAssembly; twice (2026-11-30) one died in V8 freeing that code after tier-up
          // (SIGTRAP, `jit_page_->allocations_.erase(addr) == 1`). The tests lose nothing by
          // keeping it (docs/decisions/058-tests-in-minutes.md).
          execArgv: wasmCodeKept,
          restoreMocks: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'db-alone',
          include: aloneIntegrationTests,
          globalSetup: ['server/test/global-setup.ts'],
          // After every other file, one at a time: a PostgreSQL server's oldest open transaction
          // is every database's, and another file's would change what these tests see.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          isolate: false,
          execArgv: wasmCodeKept,
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: journeys,
          // One server per worker, a file on its worker's own (e2e/global-setup.ts).
          globalSetup: ['e2e/global-setup.ts'],
          // A poll often waits for a page to load first: vitest's 1 s default is a page load on a
          // busy machine (docs/decisions/058).
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
    env: { NODE_ENV: 'test' },
    // A file waits on its database, its server or Chromium much of the time: one worker per core
    // (vitest's default leaves one core to itself) keeps both of a CI machine's cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ['default', './scripts/test-summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
