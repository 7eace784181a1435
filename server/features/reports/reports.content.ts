import type { ReportName } from '../../../contract/reports.ts';
import {
  getInstrumentContent,
  itemSlug,
  type InstrumentContent,
  type Report,
} from '../instruments/index.ts';

/*
 * What the reports read from content/instruments, worked out once per process: the quizzes that
 * ask each report's items and the quiz an item's opinion page points to (docs/decisions/041).
 */

export type QuizLink = { Slug: string; Title: string };

type ReportsContent = {
  /** By report: the quizzes asking any of its items, its own quiz first, then as quizzes.json lists them. */
  quizzesByReport: ReadonlyMap<string, QuizLink[]>;
  /** By opinion slug (`q-<item id>`): the shortest quiz that asks the item. */
  quizByOpinionSlug: ReadonlyMap<string, QuizLink>;
  /** By quiz slug: the reports it feeds, in the order their items first come up in it. */
  reportsByQuiz: ReadonlyMap<string, ReportName[]>;
};

export function deriveReportsContent(content: InstrumentContent): ReportsContent {
  const quizzesByReport = new Map<string, QuizLink[]>();
  const reportsByQuiz = new Map<string, ReportName[]>();
  const shortestQuiz = new Map<string, { link: QuizLink; items: number }>();
  for (const [slug, quiz] of Object.entries(content.quizzes)) {
    const link = { Slug: slug, Title: quiz.title };
    const fed: ReportName[] = [];
    for (const itemId of quiz.itemIds) {
      const entry = content.items.get(itemId);
      if (!entry) continue;
      const name = entry.report.name;
      if (!fed.includes(name)) fed.push(name);
      // Fewest statements wins, so the link leads to the least effort; ties go to the earlier quiz.
      const opinionSlug = itemSlug(itemId);
      const current = shortestQuiz.get(opinionSlug);
      if (!current || quiz.itemIds.length < current.items) {
        shortestQuiz.set(opinionSlug, { link, items: quiz.itemIds.length });
      }
    }
    reportsByQuiz.set(slug, fed);
    for (const name of fed) {
      const links = quizzesByReport.get(name) ?? [];
      if (slug === name) links.unshift(link);
      else links.push(link);
      quizzesByReport.set(name, links);
    }
  }
  const quizByOpinionSlug = new Map(
    [...shortestQuiz].map(([opinionSlug, { link }]) => [opinionSlug, link] as const),
  );
  return { quizzesByReport, quizByOpinionSlug, reportsByQuiz };
}

let cached: ReportsContent | undefined;

export function getReportsContent(): ReportsContent {
  cached ??= deriveReportsContent(getInstrumentContent());
  return cached;
}

/** The quiz an opinion's page links to when the opinion is a quiz item, else null. */
export function quizOfOpinionSlug(slug: string): QuizLink | null {
  return getReportsContent().quizByOpinionSlug.get(slug) ?? null;
}

/** The names of a report's entries in array order: its elements, then its total when it has one. */
export function entryNamesOf(report: Report): string[] {
  const names = report.elements.map((element) => element.name);
  if (report.total) names.push(report.total.name);
  return names;
}
