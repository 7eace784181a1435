/**
 * Where each test runs is decided by its file's name (docs/decisions/058-tests-in-minutes.md):
 *
 * - `*.test.ts(x)`: a unit test. It opens no database, so it runs once.
 * - `*.db.test.ts`: an integration test. It opens a database, so it runs on the embedded database
 *   and again, in CI, on a PostgreSQL server (`DATABASE_URL`); `*.alone.db.test.ts` the same, but
 *   with no other test file running.
 * - `e2e/*.e2e.ts`: a browser journey against the built app and its server, run once.
 *
 * vitest.config.ts builds its projects from these patterns, and scripts/test-layout.test.ts fails
 * when a test file is written outside them or in the wrong one.
 */

/** The folders that hold unit and integration tests, beside the code they test. */
export const testRoots = ['server', 'contract', 'web', 'content', 'scripts'] as const;

export const unitTests = testRoots.map((root) => `${root}/**/*.test.{ts,tsx}`);
export const integrationTests = testRoots.map((root) => `${root}/**/*.db.test.ts`);
/**
 * Integration tests whose outcome depends on the whole database server being theirs (the oldest
 * open transaction of every database, which decides what the members cache may prune): they run
 * after the others, one at a time.
 */
export const aloneIntegrationTests = testRoots.map((root) => `${root}/**/*.alone.db.test.ts`);
export const journeys = ['e2e/**/*.e2e.ts'];

/** Any file a test runner could take for a test, wherever it is. */
export const anyTestFile = /\.(test|spec|e2e)\.[cm]?[jt]sx?$/;

/**
 * Set in the unit project's workers: the test helpers that open a database refuse to there, so a
 * unit test that needs one is told to be an integration test instead of silently running once.
 */
export const noDatabaseVariable = 'STANCE_TEST_WITHOUT_DATABASE';
