import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anyTestFile, integrationTests, journeys, unitTests } from './test-layout.ts';

const root = path.resolve(import.meta.dirname, '..');
const notSource = new Set(['node_modules', 'dist', 'data', '.git', '.test-data', '.scratch']);

/** Every file in the repository a test runner could take for a test, relative to its root. */
function testLikeFiles(folder = root): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return notSource.has(entry.name) ? [] : testLikeFiles(full);
    return anyTestFile.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

function matching(patterns: string[]): Set<string> {
  return new Set(fs.globSync(patterns, { cwd: root }).map((file) => path.normalize(file)));
}

/** What opens a database in a test: the helpers, the drivers, or a server pointed at one. */
const opensDatabase =
  /createTestApp|createTestDatabase|createServerDatabase|openEmbeddedDatabase|openPostgresDatabase|\/test\/app\.ts|\/test\/database\.ts|@electric-sql\/pglite|DATABASE_URL/;

describe('the test layout (scripts/test-layout.ts)', () => {
  const integration = matching(integrationTests);
  const unit = new Set([...matching(unitTests)].filter((file) => !integration.has(file)));
  const journey = matching(journeys);
  const files = testLikeFiles();

  it('finds the tests it checks', () => {
    expect(unit.size).toBeGreaterThan(40);
    expect(integration.size).toBeGreaterThan(40);
    expect(journey.size).toBeGreaterThan(10);
  });

  it('runs every test file: none is named or placed where no project takes it', () => {
    const stray = files.filter(
      (file) => !unit.has(file) && !integration.has(file) && !journey.has(file),
    );
    expect(stray, 'name a test *.test.ts, *.db.test.ts or e2e/*.e2e.ts').toEqual([]);
  });

  it('runs a test that opens a database on both databases (*.db.test.ts)', () => {
    const thisFile = path.relative(root, import.meta.filename); // names them, opens none
    const misplaced = [...unit].filter(
      (file) =>
        file !== thisFile && opensDatabase.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(misplaced, 'these open a database: rename them *.db.test.ts').toEqual([]);
  });

  it('runs a test that opens no database once (*.test.ts)', () => {
    const twice = [...integration].filter(
      (file) => !opensDatabase.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(twice, 'these open no database: rename them *.test.ts').toEqual([]);
  });
});
