/**
 * What a visitor's browser fetches to show each public page (the feed, an opinion, a topic, a
 * profile, a question) until it is interactive, gzipped, against the budget of
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
import { questionLink } from '../contract/questions.base.ts';
import {
  criticalPathBudgetKb,
  firstPaintBudgetKb,
  measureFirstPaint,
  measurePageHtml,
} from '../scripts/web-size.ts';
import { createTarget, startApp } from './harness.ts';

const productBudgetKb = 170;
const aimKb = 100;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

type ApiAnswer<T> = { body: T };

/** Asks the started server's API, as the web client does. */
async function api<T>(baseUrl: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify({ body }),
  });
  return ((await answer.json()) as ApiAnswer<T>).body;
}

/** A page as a visitor's browser gets it with gzip: its bytes on the wire and decoded. */
function getPage(url: string): Promise<{ wire: Buffer; html: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const wire = Buffer.concat(chunks);
          const isGzip = answer.headers['content-encoding'] === 'gzip';
          resolve({ wire, html: (isGzip ? gunzipSync(wire) : wire).toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

/**
 * Each public page as the server sends it to a visitor, and what it loads before it is
 * interactive: the files its HTML names (stylesheets, the entry and its static imports, the
 * page's modulepreloaded chunks), gzipped.
 */
async function measurePages() {
  const target = await createTarget('pglite', { name: 'web-size', poolSize: 1 });
  try {
    const handle = await target.open();
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    await handle.close();
    const app = await startApp(target);
    try {
      const feed = await api<{ Opinions: { Slug: string }[] }>(
        app.baseUrl,
        '/api/opinion/userfeed',
        {},
      );
      const topics = await api<{ Topics: { Slug: string }[] }>(app.baseUrl, '/api/topic/getall');
      const people = await api<{ Contributors: { UsernameCased: string }[] }>(
        app.baseUrl,
        '/api/contributors/get',
      );
      const questions = await api<{ Feed: { Slug: string }[] }>(app.baseUrl, '/api/convo/feed', {});
      const pages: [string, string | undefined][] = [
        ['feed', '/'],
        ['an opinion', feed.Opinions[0] && `/o/${feed.Opinions[0].Slug}`],
        ['a topic', topics.Topics?.[0] && `/t/${topics.Topics[0].Slug}`],
        ['a profile', people.Contributors[0] && `/u/${people.Contributors[0].UsernameCased}`],
        ['a question', questions.Feed?.[0] && questionLink(questions.Feed[0].Slug)],
      ];
      const measured = [];
      for (const [name, path] of pages) {
        if (!path) {
          console.log(`  (no ${name} in the demo content)`);
          continue;
        }
        const page = await getPage(`${app.baseUrl}${path}`);
        measured.push({ name, path, page, files: measurePageHtml(webDir, page.html) });
      }
      return measured;
    } finally {
      await app.stop();
    }
  } finally {
    await target.dispose();
  }
}

await ensureWebBuild();
const firstPaint = measureFirstPaint(webDir);
const pages = await measurePages();

console.log('What each page loads before it is interactive (gzipped):');
let isWithin = firstPaint.gzip / 1024 <= firstPaintBudgetKb;
for (const { name, path, page, files } of pages) {
  const css = files.files.filter((file) => file.file.endsWith('.css'));
  const cssGzip = css.reduce((sum, file) => sum + file.gzip, 0);
  const total = page.wire.length + files.gzip;
  const isPageWithin = files.gzip / 1024 <= criticalPathBudgetKb;
  isWithin &&= isPageWithin;
  console.log(
    `  ${name.padEnd(11)} ${path}\n` +
      `    page ${kb(page.wire.length)} KB + JS and CSS ${kb(files.gzip)} KB in ${files.files.length} files ` +
      `(of it CSS ${kb(cssGzip)} KB) = ${kb(total)} KB; CI ceiling for JS+CSS ${criticalPathBudgetKb} KB ` +
      `${isPageWithin ? 'ok' : 'OVER'}`,
  );
}
console.log(
  `The feed's render-blocking stylesheets: ${kb(firstPaint.gzip)} KB (CI ceiling ${firstPaintBudgetKb} KB); ` +
    `budget ${productBudgetKb} KB a page, aim ${aimKb} KB.`,
);
console.log(isWithin ? 'Within every ceiling.' : 'OVER A CEILING.');
process.exitCode = isWithin ? 0 : 1;
