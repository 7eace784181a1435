/**
 * What a visitor's browser fetches to show the For You feed, gzipped, against the budget of
 * docs/product/budgets-and-security.md#web (170 KB, aiming at 100 KB) and the ceilings CI holds
 * them to (`scripts/web-size.test.ts`):
 *
 *   - first paint: the page as the server sends it (the feed's first page is in it,
 *     docs/decisions/046-the-feed-painted-by-the-server.md) and the stylesheets it links, which
 *     block rendering; the page's scripts are modules and do not;
 *   - the app taking the feed over: the entry script, every chunk it imports statically and their
 *     CSS, read from the build's manifest (docs/decisions/044-a-lighter-client.md).
 *
 * The files' figures come from the build, the same every time; the page's from a server started
 * on the demo content (embedded database, a temporary directory). Builds the web app first when
 * its sources changed. Usage: npm run bench:web
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { migrateToLatest } from '../server/db/database.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { ensureWebBuild, webDir } from '../scripts/web-build.ts';
import {
  criticalPathBudgetKb,
  firstPaintBudgetKb,
  measureCriticalPath,
  measureFirstPaint,
} from '../scripts/web-size.ts';
import { createTarget, startApp } from './harness.ts';

const productBudgetKb = 170;
const aimKb = 100;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The feed's page as a visitor's browser gets it with gzip: its bytes on the wire and decoded. */
async function measureFeedPage() {
  const target = await createTarget('pglite', { name: 'web-size', poolSize: 1 });
  try {
    const handle = await target.open();
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    await handle.close();
    const app = await startApp(target);
    try {
      // Read without decoding, to count the bytes on the wire.
      const wire = await new Promise<Buffer>((resolve, reject) => {
        http
          .get(`${app.baseUrl}/`, { headers: { 'accept-encoding': 'gzip' } }, (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => resolve(Buffer.concat(chunks)));
          })
          .on('error', reject);
      });
      const html = gunzipSync(wire);
      const opinions = (html.toString('utf8').match(/<article class="ssr-card">/g) ?? []).length;
      return { raw: html.length, gzip: wire.length, opinions };
    } finally {
      await app.stop();
    }
  } finally {
    await target.dispose();
  }
}

await ensureWebBuild();
const page = await measureFeedPage();
const firstPaint = measureFirstPaint(webDir);
const takeover = measureCriticalPath(webDir);

console.log('First paint of the feed (render-blocking):');
console.log(
  `  ${kb(page.gzip).padStart(7)} KB gz  ${kb(page.raw).padStart(7)} KB raw  / (the page, ${page.opinions} opinions in it)`,
);
for (const file of firstPaint.files) {
  console.log(
    `  ${kb(file.gzip).padStart(7)} KB gz  ${kb(file.raw).padStart(7)} KB raw  /${file.file}`,
  );
}
const firstPaintBytes = page.gzip + firstPaint.gzip;
console.log(
  `  = ${kb(firstPaintBytes)} KB gzipped (CI ceiling for the stylesheets ${firstPaintBudgetKb} KB, aim ${aimKb} KB)`,
);
console.log('The app taking the feed over (module scripts and their CSS, after the first paint):');
for (const file of [...takeover.files].sort((a, b) => b.gzip - a.gzip)) {
  console.log(
    `  ${kb(file.gzip).padStart(7)} KB gz  ${kb(file.raw).padStart(7)} KB raw  /${file.file}`,
  );
}
console.log(
  `  = ${kb(takeover.gzip)} KB gzipped JS+CSS in ${takeover.files.length} files (CI ceiling ${criticalPathBudgetKb} KB, budget ${productBudgetKb} KB)`,
);
const isWithin =
  firstPaintBytes / 1024 <= aimKb &&
  firstPaint.gzip / 1024 <= firstPaintBudgetKb &&
  takeover.gzip / 1024 <= criticalPathBudgetKb;
console.log(isWithin ? 'Within every ceiling.' : 'OVER A CEILING.');
process.exitCode = isWithin ? 0 : 1;
