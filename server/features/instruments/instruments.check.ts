import type { Db } from '../../db/database.ts';
import type { InstrumentContent } from './instruments.content.ts';
import { getInstrumentContent } from './instruments.content.ts';
import { cronbachAlpha, keyingBalance } from './instruments.psychometrics.ts';
import { hasEnoughAnswers, scoreItem } from './instruments.scoring.ts';

export type ElementCheck = {
  report: string;
  element: string;
  items: number;
  plus: number;
  minus: number;
  /** Members with enough answers for a score (at least half the element's items). */
  respondents: number;
  /** Over pairwise-complete answers; null when it cannot be computed. */
  alpha: number | null;
};

/**
 * The psychometric check behind `npm run cli -- instruments-check`: per report and element, the
 * item count, keying balance, respondents and Cronbach's alpha over the votes in the database.
 */
export async function runInstrumentsCheck(
  db: Db,
  content: InstrumentContent = getInstrumentContent(),
): Promise<string> {
  return formatChecks(await checkInstruments(db, content));
}

export async function checkInstruments(
  db: Db,
  content: InstrumentContent = getInstrumentContent(),
): Promise<ElementCheck[]> {
  const rows = await db
    .selectFrom('instrumentItems')
    .innerJoin('votes', 'votes.opinionId', 'instrumentItems.opinionId')
    .select(['instrumentItems.itemId', 'votes.userId', 'votes.rating'])
    .execute();
  /** item id → user id → rating */
  const ratings = new Map<string, Map<number, number>>();
  for (const row of rows) {
    let byUser = ratings.get(row.itemId);
    if (!byUser) ratings.set(row.itemId, (byUser = new Map()));
    byUser.set(row.userId, row.rating);
  }
  const checks: ElementCheck[] = [];
  for (const report of Object.values(content.reports)) {
    for (const element of report.elements) {
      const users = new Set<number>();
      for (const item of element.items) {
        for (const userId of ratings.get(item.id)?.keys() ?? []) users.add(userId);
      }
      const matrix: (number | undefined)[][] = [];
      for (const userId of users) {
        const row = element.items.map((item) => {
          const rating = ratings.get(item.id)?.get(userId);
          return rating === undefined ? undefined : scoreItem(item.keying, rating);
        });
        const answered = row.filter((value) => value !== undefined).length;
        if (hasEnoughAnswers(answered, element.items.length)) matrix.push(row);
      }
      const balance = keyingBalance(element.items);
      checks.push({
        report: report.name,
        element: element.name,
        items: element.items.length,
        plus: balance.plus,
        minus: balance.minus,
        respondents: matrix.length,
        alpha: cronbachAlpha(matrix),
      });
    }
  }
  return checks;
}

/** A fixed-width text table, one line per element. */
export function formatChecks(checks: readonly ElementCheck[]): string {
  const header = ['report', 'element', 'items', '+/-', 'respondents', 'alpha'];
  const lines = checks.map((check) => [
    check.report,
    check.element,
    String(check.items),
    `${check.plus}/${check.minus}`,
    String(check.respondents),
    check.alpha === null ? '-' : check.alpha.toFixed(2),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        // Text columns left-aligned, numbers right-aligned.
        return column < 2 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const unbalanced = checks.filter((check) => check.plus !== check.minus).length;
  const computed = checks.filter((check) => check.alpha !== null);
  const lowAlpha = computed.filter((check) => (check.alpha ?? 0) < 0.6).length;
  const summary =
    `${checks.length} elements, ${checks.reduce((sum, check) => sum + check.items, 0)} items; ` +
    `${unbalanced} unbalanced; alpha computed for ${computed.length}, below 0.60 for ${lowAlpha}.`;
  return [format(header), rule, ...lines.map(format), '', summary].join('\n');
}
