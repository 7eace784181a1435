import fs from 'node:fs';
import { z } from 'zod';
import { reportNames, type ReportName } from '../../../contract/reports.base.ts';

// The fifteen report names are the contract's (docs/product/reports.md), one list for both sides.
export { reportNames, type ReportName } from '../../../contract/reports.base.ts';

/** The three groups of the Opinion DNA core, in the order the card shows them. */
export const elementGroups = ['Personality', 'Values', 'Meta-Thinking'] as const;

export type ElementGroup = (typeof elementGroups)[number];

/** Quiz slugs the product names besides the per-report quizzes (docs/product/reports.md). */
export const coreQuizSlugs = [
  'opinion-dna',
  '200q',
  'fundamentals-sc',
  'fundamentals-sw',
  'fundamentals-mrfgr',
] as const;

const defaultDirectory = new URL('../../../content/instruments/', import.meta.url);

const text = z.string().trim().min(1);
const kebabId = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be kebab-case');

const itemSchema = z.strictObject({
  /** `<report>.<element>.<n>`; stable once published, because votes are stored against it. */
  id: z.string().regex(/^[a-z0-9]+\.[a-z0-9-]+\.[1-9][0-9]*$/, 'must be <report>.<element>.<n>'),
  /** `+`: agreeing raises the element's score; `-`: agreeing lowers it. */
  keying: z.enum(['+', '-']),
  /** The statement a member rates from Strongly Agree to Strongly Disagree. */
  text: text.max(140),
});

const polesSchema = z.strictObject({
  /** What a score of 0 means, e.g. "Progressive". */
  low: text,
  /** What a score of 100 means, e.g. "Conservative". */
  high: text,
});

const bandTextsSchema = z.strictObject({
  /** Shown for scores 0–40 (VERY LOW and LOW). */
  low: text,
  /** Shown for scores 41–60 (MEDIUM). */
  middle: text,
  /** Shown for scores 61–100 (HIGH and VERY HIGH). */
  high: text,
});

const elementSchema = z.strictObject({
  id: kebabId,
  /** Exactly as the product's card names it (docs/product/reports.md#cards). */
  name: text,
  /** Opinion DNA only: which of the three groups the element belongs to. */
  group: z.enum(elementGroups).optional(),
  /** Sixteen Types only: the letter for a score below 50 and above 50. */
  letters: z
    .strictObject({ low: z.string().regex(/^[A-Z]$/), high: z.string().regex(/^[A-Z]$/) })
    .optional(),
  /** The one-sentence tooltip. */
  help: text,
  poles: polesSchema,
  texts: bandTextsSchema,
  items: z.array(itemSchema).min(3),
});

const totalSchema = z.strictObject({
  /** As the product names it, e.g. "Total Climate Score". */
  name: text,
  help: text,
  poles: polesSchema,
  texts: bandTextsSchema,
});

const sourceSchema = z.strictObject({
  title: text,
  url: z.url({ protocol: /^https$/ }),
});

const reportSchema = z.strictObject({
  name: z.enum(reportNames),
  /** The card's title. */
  title: text,
  /** False for the one card the product shows unlocked (Ownership). */
  requiresSubscription: z.boolean(),
  intro: text,
  /** The card's source footer: the public literature whose structure the scale follows. */
  sources: z.array(sourceSchema).min(1),
  /** The card's total (the rounded mean of the elements), or null when the card has none. */
  total: totalSchema.nullable(),
  elements: z.array(elementSchema).min(1),
});

const quizSchema = z.strictObject({
  title: text,
  /** The quiz's `Desc` (docs/product/entities.md#quiz). */
  description: text,
  /** At about seven seconds a statement; see docs/decisions/010-opinion-dna-instruments.md. */
  estimatedMinutes: z.number().int().positive(),
  /** In the order the quiz asks them. */
  itemIds: z.array(z.string()).min(1),
});

const quizzesSchema = z.record(kebabId, quizSchema);

export type Item = z.infer<typeof itemSchema>;
export type Keying = Item['keying'];
export type Poles = z.infer<typeof polesSchema>;
export type BandTexts = z.infer<typeof bandTextsSchema>;
export type ReportElement = z.infer<typeof elementSchema>;
export type ReportTotal = z.infer<typeof totalSchema>;
export type Report = z.infer<typeof reportSchema>;
export type Quiz = z.infer<typeof quizSchema>;

/** Where an item lives. */
export type ItemEntry = { item: Item; report: Report; element: ReportElement };

export type InstrumentContent = {
  reports: Record<ReportName, Report>;
  /** By slug. */
  quizzes: Record<string, Quiz>;
  /** Every item of every report, by item id. */
  items: ReadonlyMap<string, ItemEntry>;
};

export class InstrumentContentError extends Error {}

/**
 * Reads and validates every instrument file. Throws InstrumentContentError naming the file and the
 * path inside it, so a typo in the content stops the server at start rather than skewing scores.
 */
export function loadInstrumentContent(directory: URL = defaultDirectory): InstrumentContent {
  const reports = Object.fromEntries(
    reportNames.map((name) => [name, readFile(directory, `${name}.json`, reportSchema)]),
  ) as Record<ReportName, Report>;
  const quizzes = readFile(directory, 'quizzes.json', quizzesSchema);
  const items = indexItems(reports);
  checkQuizzes(quizzes, reports, items);
  return { reports, quizzes, items };
}

let cachedContent: InstrumentContent | undefined;

/** The validated content of content/instruments, read once per process. */
export function getInstrumentContent(): InstrumentContent {
  cachedContent ??= loadInstrumentContent();
  return cachedContent;
}

function readFile<T>(directory: URL, fileName: string, schema: z.ZodType<T>): T {
  const label = `content/instruments/${fileName}`;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(new URL(fileName, directory), 'utf8'));
  } catch (error) {
    throw new InstrumentContentError(`${label}: ${(error as Error).message}`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${formatPath(issue.path)}: ${issue.message}`,
    );
    throw new InstrumentContentError(`${label}: ${problems.join('; ')}`);
  }
  if (fileName !== 'quizzes.json') {
    const name = (result.data as { name: string }).name;
    if (`${name}.json` !== fileName) {
      throw new InstrumentContentError(`${label}: name: is "${name}", must match the file name`);
    }
  }
  return result.data;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** Rules that span an element, a report or the files: ids, groups and letters in their place. */
function indexItems(reports: Record<ReportName, Report>): Map<string, ItemEntry> {
  const items = new Map<string, ItemEntry>();
  for (const report of Object.values(reports)) {
    const label = `content/instruments/${report.name}.json`;
    const elementIds = new Set<string>();
    report.elements.forEach((element, elementIndex) => {
      const at = `${label}: elements[${elementIndex}]`;
      if (elementIds.has(element.id)) {
        throw new InstrumentContentError(`${at}.id: "${element.id}" is used twice`);
      }
      elementIds.add(element.id);
      if ((report.name === 'opiniondna') !== (element.group !== undefined)) {
        throw new InstrumentContentError(`${at}.group: set for opiniondna elements only`);
      }
      if ((report.name === 'sixteen') !== (element.letters !== undefined)) {
        throw new InstrumentContentError(`${at}.letters: set for sixteen elements only`);
      }
      element.items.forEach((item, itemIndex) => {
        const prefix = `${report.name}.${element.id}.`;
        if (!item.id.startsWith(prefix)) {
          throw new InstrumentContentError(
            `${at}.items[${itemIndex}].id: "${item.id}" must start with "${prefix}"`,
          );
        }
        if (items.has(item.id)) {
          throw new InstrumentContentError(
            `${at}.items[${itemIndex}].id: "${item.id}" is used twice`,
          );
        }
        items.set(item.id, { item, report, element });
      });
    });
  }
  return items;
}

/**
 * Every quiz asks known items once; the product's quiz slugs exist; each report but opiniondna has
 * a quiz under its own name asking all of its items (opiniondna is taken through opinion-dna and
 * 200q, see the decision record).
 */
function checkQuizzes(
  quizzes: Record<string, Quiz>,
  reports: Record<ReportName, Report>,
  items: ReadonlyMap<string, ItemEntry>,
): void {
  const label = 'content/instruments/quizzes.json';
  for (const [slug, quiz] of Object.entries(quizzes)) {
    const seen = new Set<string>();
    quiz.itemIds.forEach((itemId, index) => {
      if (!items.has(itemId)) {
        throw new InstrumentContentError(
          `${label}: ${slug}.itemIds[${index}]: no item "${itemId}"`,
        );
      }
      if (seen.has(itemId)) {
        throw new InstrumentContentError(
          `${label}: ${slug}.itemIds[${index}]: "${itemId}" is asked twice`,
        );
      }
      seen.add(itemId);
    });
  }
  for (const slug of coreQuizSlugs) {
    if (!quizzes[slug]) throw new InstrumentContentError(`${label}: missing quiz "${slug}"`);
  }
  for (const report of Object.values(reports)) {
    if (report.name === 'opiniondna') continue;
    const quiz = quizzes[report.name];
    if (!quiz) throw new InstrumentContentError(`${label}: missing quiz "${report.name}"`);
    const asked = new Set(quiz.itemIds);
    for (const element of report.elements) {
      for (const item of element.items) {
        if (!asked.has(item.id)) {
          throw new InstrumentContentError(
            `${label}: ${report.name}.itemIds: does not ask "${item.id}"`,
          );
        }
      }
    }
  }
}
