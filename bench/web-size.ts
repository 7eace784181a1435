/**
 * The JS and CSS a visitor's browser fetches to render the For You feed (the critical path),
 * gzipped, against the budget of docs/product/budgets-and-security.md#web (170 KB, aiming at
 * 100 KB) and the ceiling CI holds it to (`scripts/web-size.test.ts`). Read from the build's
 * manifest, so the same build always measures the same (docs/decisions/044-a-lighter-client.md).
 * Builds the web app first when its sources changed. Usage: npm run bench:web
 */
import { ensureWebBuild, webDir } from '../scripts/web-build.ts';
import { criticalPathBudgetKb, measureCriticalPath, measureHtml } from '../scripts/web-size.ts';

const productBudgetKb = 170;
const aimKb = 100;

await ensureWebBuild();
const path = measureCriticalPath(webDir);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
for (const file of [...path.files].sort((a, b) => b.gzip - a.gzip)) {
  console.log(
    `  ${kb(file.gzip).padStart(7)} KB gz  ${kb(file.raw).padStart(7)} KB raw  /${file.file}`,
  );
}
const html = measureHtml(webDir);
console.log(
  `index.html: ${kb(html.raw)} KB raw, ${kb(html.gzip)} KB gz, ${kb(html.brotli)} KB br (before the server adds the route's head and body)`,
);
const totalKb = path.gzip / 1024;
console.log(
  `Feed critical path: ${kb(path.gzip)} KB gzipped JS+CSS in ${path.files.length} files (CI ceiling ${criticalPathBudgetKb} KB, budget ${productBudgetKb} KB, aim ${aimKb} KB): ${totalKb <= criticalPathBudgetKb ? 'within the ceiling' : 'OVER THE CEILING'}`,
);
process.exitCode = totalKb <= criticalPathBudgetKb ? 0 : 1;
