import { sql } from 'kysely';
import { inTransaction, type Db } from '../../db/database.ts';
import type { InstrumentContent } from './instruments.content.ts';
import { getInstrumentContent } from './instruments.content.ts';
import {
  generateLatentAnswers,
  mulberry32,
  seedFromString,
  standardNormal,
} from './instruments.psychometrics.ts';
import type { Random } from './instruments.psychometrics.ts';

/**
 * A demo user's traits, each −1..1 as in content/demo/users.json: positive is socially progressive,
 * economically left, and open to experience.
 */
export type DemoTraits = { social?: number; economic?: number; openness?: number };

export type SeedUser = { id: number; username: string; traits?: DemoTraits };

type TraitName = keyof DemoTraits;

/** One statement per insert, at most this many rows. */
const BATCH_SIZE = 1000;

/** Latent units per unit of demo trait: a trait of ±1 moves the element by about 1.5 SD. */
const TRAIT_SCALE = 1.5;

const RESPONDENT_SHARE = 2 / 3;
const OPINION_DNA_CHANCE = 0.6;
/** Of those who take opinion-dna, the share who go on to the 200q long form. */
const LONG_FORM_CHANCE = 0.35;
const REPORT_QUIZ_CHANCE = 0.45;
const FUNDAMENTALS_CHANCE = 0.3;
/** Quiz statements a respondent leaves unanswered, so the missing-answer rules get exercised. */
const SKIP_CHANCE = 0.02;

/**
 * Which demo traits move which element's latent score, and in which direction. A key is
 * `<report>` (every element) or `<report>.<element>`; the most specific key wins. Elements without
 * an entry draw their score from the user's seeded random stream alone.
 */
const traitLinks: Record<string, Partial<Record<TraitName, number>>> = {
  'bigfive.openness': { openness: 0.8 },
  'sixteen.sensing-intuition': { openness: 0.6 },
  'mac.group': { social: -0.4 },
  'mac.deference': { social: -0.5 },
  'mac.property': { economic: -0.4 },
  woke: { social: 0.6 },
  religiosity: { social: -0.5 },
  sexuality: { social: -0.6 },
  equalitarianism: { social: 0.5 },
  ir: { social: -0.4 },
  fem: { social: 0.6 },
  trans: { social: -0.6 },
  gender: { social: -0.6 },
  'ps.left-right': { economic: -0.8 },
  'ps.libertarian-authoritarian': { social: -0.6 },
  climate: { social: 0.4, economic: 0.3 },
  'ownership.equality-fairness-in-ownership': { economic: 0.6 },
  'ownership.community-ownership': { economic: 0.5 },
  'ownership.revolutionary-tendency': { economic: 0.4 },
  'opiniondna.intellectual-curiosity': { openness: 0.6 },
  'opiniondna.aesthetic-openness': { openness: 0.5 },
  'opiniondna.free-thought': { openness: 0.5 },
  'opiniondna.stimulation': { openness: 0.5 },
  'opiniondna.tradition': { social: -0.5 },
  'opiniondna.conformity': { social: -0.4 },
  'opiniondna.social-order': { social: -0.5 },
  'opiniondna.authority': { social: -0.5 },
  'opiniondna.purity': { social: -0.5 },
  'opiniondna.loyalty': { social: -0.4 },
  'opiniondna.faith': { social: -0.5 },
  'opiniondna.tolerance': { social: 0.5 },
  'opiniondna.nature': { social: 0.4 },
  'opiniondna.universal-concern': { economic: 0.4 },
  'opiniondna.equality': { economic: 0.6 },
  'opiniondna.merit': { economic: -0.5 },
  'opiniondna.wealth': { economic: -0.3 },
  'opiniondna.liberty': { economic: -0.4 },
  'opiniondna.progress': { openness: 0.4 },
  'opiniondna.need-for-cognition': { openness: 0.5 },
  'opiniondna.need-for-closure': { openness: -0.4 },
  'opiniondna.open-debate': { openness: 0.4 },
  'opiniondna.trust-in-experts': { social: 0.3 },
};

/**
 * Demo seed for the instruments: one unlisted opinion per quiz item (slug `q-<item id>`), the item →
 * opinion mapping, and votes from about two thirds of `users` over a deterministic subset of
 * quizzes, generated from latent traits. The opinions' vote counters are rebuilt from the raw votes
 * in the same transaction. Safe to run again: existing items and votes are kept.
 */
export async function seedInstrumentAnswers(
  db: Db,
  users: SeedUser[],
  content: InstrumentContent = getInstrumentContent(),
): Promise<{ items: number; votes: number }> {
  const answersByUser = users.map((user) => ({
    user,
    answers: generateUserAnswers(user, content),
  }));
  return inTransaction(db, async (trx) => {
    const opinionIds = await insertItemOpinions(trx, content);
    let votes = 0;
    const rows = answersByUser.flatMap(({ user, answers }) =>
      [...answers].map(([itemId, rating]) => ({
        userId: user.id,
        opinionId: requireOpinionId(opinionIds, itemId),
        rating,
      })),
    );
    for (const batch of chunk(rows, BATCH_SIZE)) {
      const result = await trx
        .insertInto('votes')
        .values(batch)
        .onConflict((conflict) => conflict.columns(['userId', 'opinionId']).doNothing())
        .executeTakeFirst();
      votes += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    await rebuildItemVoteCounters(trx);
    return { items: opinionIds.size, votes };
  });
}

async function insertItemOpinions(
  db: Db,
  content: InstrumentContent,
): Promise<Map<string, number>> {
  const items = [...content.items.values()].map(({ item }) => item);
  const opinionIds = new Map<string, number>();
  for (const batch of chunk(items, BATCH_SIZE)) {
    const slugToItem = new Map(batch.map((item) => [itemSlug(item.id), item.id]));
    const inserted = await db
      .insertInto('opinions')
      .values(
        batch.map((item) => ({
          slug: itemSlug(item.id),
          title: item.text,
          authorId: null,
          tidbit: null,
          listed: false,
        })),
      )
      // Re-seeding keeps the opinion (and its votes) but follows a reworded statement.
      .onConflict((conflict) =>
        conflict.column('slug').doUpdateSet((eb) => ({ title: eb.ref('excluded.title') })),
      )
      .returning(['id', 'slug'])
      .execute();
    for (const row of inserted) {
      const itemId = slugToItem.get(row.slug);
      if (itemId) opinionIds.set(itemId, row.id);
    }
    await db
      .insertInto('instrumentItems')
      .values(
        batch.map((item) => ({
          itemId: item.id,
          opinionId: requireOpinionId(opinionIds, item.id),
        })),
      )
      .onConflict((conflict) =>
        conflict
          .column('itemId')
          .doUpdateSet((eb) => ({ opinionId: eb.ref('excluded.opinionId') })),
      )
      .execute();
  }
  return opinionIds;
}

/** `bigfive.openness.1` → `q-bigfive-openness-1`. */
export function itemSlug(itemId: string): string {
  return `q-${itemId.replaceAll('.', '-')}`;
}

/**
 * Raw votes are the truth (docs/product/budgets-and-security.md#standing-promises): the counters
 * of every quiz item are recounted from them.
 */
async function rebuildItemVoteCounters(db: Db): Promise<void> {
  await sql`
    update opinions set
      votes1 = counts.votes1,
      votes2 = counts.votes2,
      votes3 = counts.votes3,
      votes4 = counts.votes4,
      votes5 = counts.votes5
    from (
      select items.opinion_id,
        count(votes.rating) filter (where votes.rating = 1)::int as votes1,
        count(votes.rating) filter (where votes.rating = 2)::int as votes2,
        count(votes.rating) filter (where votes.rating = 3)::int as votes3,
        count(votes.rating) filter (where votes.rating = 4)::int as votes4,
        count(votes.rating) filter (where votes.rating = 5)::int as votes5
      from instrument_items items
      left join votes on votes.opinion_id = items.opinion_id
      group by items.opinion_id
    ) as counts
    where opinions.id = counts.opinion_id
  `.execute(db);
}

/**
 * One user's answers: whether they answer at all, which quizzes, and each rating, all drawn from
 * streams seeded by the username, so the same user gets the same answers whatever else is seeded.
 */
export function generateUserAnswers(
  user: SeedUser,
  content: InstrumentContent,
): Map<string, number> {
  const random = mulberry32(seedFromString(`instruments:${user.username}`));
  const answers = new Map<string, number>();
  if (random() >= RESPONDENT_SHARE) return answers;
  const asked = new Set(
    chooseQuizzes(random, content).flatMap((slug) => content.quizzes[slug]?.itemIds ?? []),
  );
  const traits = traitsOf(user, random);
  const acquiescence = 0.2 * standardNormal(random);
  for (const report of Object.values(content.reports)) {
    for (const element of report.elements) {
      const items = element.items.filter((item) => asked.has(item.id));
      if (items.length === 0) continue;
      const key = `${report.name}.${element.id}`;
      const elementRandom = mulberry32(seedFromString(`${user.username}:${key}`));
      const theta = latentScore(traits, linksFor(report.name, element.id), elementRandom);
      const generated = generateLatentAnswers(items, theta, elementRandom, {
        loading: elementLoading(key),
        acquiescence,
        itemOffset,
      });
      for (const [itemId, rating] of generated) {
        if (elementRandom() >= SKIP_CHANCE) answers.set(itemId, rating);
      }
    }
  }
  return answers;
}

function chooseQuizzes(random: Random, content: InstrumentContent): string[] {
  const chosen: string[] = [];
  if (random() < OPINION_DNA_CHANCE) {
    chosen.push('opinion-dna');
    if (random() < LONG_FORM_CHANCE) chosen.push('200q');
  }
  for (const slug of ['fundamentals-sc', 'fundamentals-sw', 'fundamentals-mrfgr']) {
    if (random() < FUNDAMENTALS_CHANCE) chosen.push(slug);
  }
  for (const name of Object.keys(content.reports)) {
    if (content.quizzes[name] && random() < REPORT_QUIZ_CHANCE) chosen.push(name);
  }
  return chosen;
}

/** The user's demo traits; a user without them gets traits drawn from their username. */
function traitsOf(user: SeedUser, random: Random): Required<DemoTraits> {
  const drawn = () => 0.6 * (2 * random() - 1);
  return {
    social: user.traits?.social ?? drawn(),
    economic: user.traits?.economic ?? drawn(),
    openness: user.traits?.openness ?? drawn(),
  };
}

function linksFor(reportName: string, elementId: string): Partial<Record<TraitName, number>> {
  return traitLinks[`${reportName}.${elementId}`] ?? traitLinks[reportName] ?? {};
}

/** Standard-normal noise plus the traits' pull, so linked elements vary at least as much as others. */
function latentScore(
  traits: Required<DemoTraits>,
  links: Partial<Record<TraitName, number>>,
  random: Random,
): number {
  let fromTraits = 0;
  for (const [trait, weight] of Object.entries(links) as [TraitName, number][]) {
    fromTraits += weight * traits[trait] * TRAIT_SCALE;
  }
  return fromTraits + standardNormal(random);
}

/** Each element's items load between 0.6 and 0.85 on its trait, fixed per element. */
function elementLoading(elementKey: string): number {
  return 0.6 + 0.25 * mulberry32(seedFromString(`loading:${elementKey}`))();
}

/** Some statements are simply more agreeable than others, fixed per item. */
function itemOffset(itemId: string): number {
  return 0.35 * standardNormal(mulberry32(seedFromString(`offset:${itemId}`)));
}

function requireOpinionId(opinionIds: ReadonlyMap<string, number>, itemId: string): number {
  const opinionId = opinionIds.get(itemId);
  if (opinionId === undefined) throw new Error(`no opinion for instrument item ${itemId}`);
  return opinionId;
}

function chunk<T>(values: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < values.length; index += size) {
    chunks.push(values.slice(index, index + size));
  }
  return chunks;
}
