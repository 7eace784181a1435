import type { Reporter, TestModule } from 'vitest/node';

type Tally = { files: number; passed: number; failed: number; skipped: number; seconds: number };

/**
 * After vitest's own report: one line per project (unit, db, e2e) with its files, its tests by
 * outcome and the time its files took together, and the database the run used. CI runs the suite
 * once per database, so its log holds each database's summary (docs/decisions/058).
 */
export default class TestSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const tallies = new Map<string, Tally>();
    for (const module of testModules) {
      const name = module.project.name || 'tests';
      const tally = tallies.get(name) ?? { files: 0, passed: 0, failed: 0, skipped: 0, seconds: 0 };
      tally.files += 1;
      tally.seconds += module.diagnostic().duration / 1000;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') tally.passed += 1;
        else if (state === 'failed') tally.failed += 1;
        else tally.skipped += 1;
      }
      tallies.set(name, tally);
    }
    const database = process.env.DATABASE_URL
      ? `PostgreSQL (${new URL(process.env.DATABASE_URL).host})`
      : 'PGlite (embedded)';
    const lines = [...tallies].map(
      ([name, t]) =>
        `  ${name.padEnd(5)} ${String(t.files).padStart(4)} files ${String(t.passed).padStart(5)} passed ` +
        `${String(t.failed).padStart(3)} failed ${String(t.skipped).padStart(3)} skipped ` +
        `${t.seconds.toFixed(0).padStart(5)} s in files`,
    );
    console.log(`\nTests on ${database}:\n${lines.join('\n')}\n`);
  }
}
