import { sql } from 'kysely';
import { educationOptions, householdIncomeOptions } from '../../../contract/demographics.base.ts';
import {
  getInstrumentContent,
  seedInstrumentAnswers,
  type InstrumentContent,
} from '../../features/instruments/index.ts';
import {
  generateLatentAnswers,
  mulberry32,
  ratingForAgreement,
  seedFromString,
  standardNormal,
  type Random,
} from '../../features/instruments/instruments.psychometrics.ts';
import { refreshMemberScores } from '../../features/analytics/index.ts';
import { rebuildCounters } from '../../features/opinions/opinions.repository.ts';
import { inTransaction, type Db } from '../database.ts';
import type { DemographicAnswers } from '../schema.ts';
import { DatabaseNotEmptyError } from './demo.ts';

/*
 * A synthetic population for benchmarks and staff-analytics development
 * (docs/decisions/055-user-tags-and-synthetic-population.md): N members with demographics drawn
 * first, three latent traits that follow the demographics, quiz answers generated from the traits
 * through the instruments' graded response model (so the reports' scores, computed from those
 * votes by the one scoring path, follow the traits), votes on a few listed poll opinions dated
 * over the past year, and user tags with members. Everything is deterministic for a seed.
 */

/** Every synthetic member's username starts with this; a second run refuses when one exists. */
export const syntheticUsernamePrefix = 'synthetic-';

/** The latent traits, standard normal across the population. */
export type SyntheticTraits = {
  /** Socially progressive (+) or traditional (−). */
  social: number;
  /** Economically left (+) or right (−). */
  economic: number;
  /** Open to experience (+) or closed (−). */
  openness: number;
};
type TraitName = keyof SyntheticTraits;

export type SyntheticDemographics = DemographicAnswers;

export type SyntheticMember = {
  username: string;
  traits: SyntheticTraits;
  /** Null for the members who never filled in the form. */
  demographics: SyntheticDemographics | null;
  /** When the account was made; its quiz answers come at one moment after that. */
  createdAt: Date;
  quizAt: Date;
  /** Quiz item id → rating 1–5. */
  answers: Map<string, number>;
  /** Per poll opinion (by index in `syntheticPolls`): the rating and when, or null. */
  pollVotes: ({ rating: number; at: Date } | null)[];
  /** Indexes into `syntheticTags` of the tags the member carries. */
  tags: number[];
};

export type SyntheticSummary = {
  members: number;
  withDemographics: number;
  /** Members who answered the Opinion DNA quiz. */
  opinionDnaMembers: number;
  quizVotes: number;
  pollVotes: number;
  tags: number;
  tagMemberships: number;
  seconds: number;
};

/** The share of members who take each quiz: Opinion DNA is the one most members take. */
const opinionDnaShare = 0.9;
const otherQuizShare = 0.06;
/** Members who leave the demographics form empty, and fields left empty by those who fill it. */
const noDemographicsShare = 0.08;
const blankFieldShare = 0.04;
/** Quiz statements a respondent skips. */
const skipShare = 0.02;
const pollVoteShare = 0.35;
const dayMs = 86_400_000;
const yearMs = 365 * dayMs;

/** Members inserted per statement (users, demographics), and votes per statement. */
const memberBatch = 2000;
const voteBatch = 100_000;

/**
 * Listed opinions the population votes on, each leaning with the traits (agreement grows with the
 * weighted traits), for the detailed opinion report and its date filter.
 */
export const syntheticPolls: readonly {
  slug: string;
  title: string;
  links: Partial<Record<TraitName, number>>;
}[] = [
  {
    slug: 'synthetic-poll-wealth-tax',
    title: 'The very wealthy should pay a higher rate of tax',
    links: { economic: 0.7 },
  },
  {
    slug: 'synthetic-poll-tradition',
    title: 'Old traditions are worth keeping even when nobody remembers why',
    links: { social: -0.6 },
  },
  {
    slug: 'synthetic-poll-space',
    title: 'Public money for space exploration is money well spent',
    links: { openness: 0.5 },
  },
  {
    slug: 'synthetic-poll-speed-limits',
    title: 'Speed limits in towns should be lowered to 20 mph',
    links: { social: 0.3, economic: 0.2 },
  },
];

/** User tags and the share of members given each. */
export const syntheticTags: readonly { name: string; share: number }[] = [
  { name: 'Synthetic: pilot school', share: 0.005 },
  { name: 'Synthetic: panel A', share: 0.02 },
  { name: 'Synthetic: panel B', share: 0.05 },
  { name: 'Synthetic: newsletter readers', share: 0.1 },
  { name: 'Synthetic: event sign-ups', share: 0.25 },
];

/**
 * How strongly each trait moves an element's latent score (a correlation, roughly). A key is
 * `<report>` (every element of it) or `<report>.<element>`; the more specific key wins. Elements
 * with no entry vary by chance alone.
 */
const traitLinks: Record<string, Partial<Record<TraitName, number>>> = {
  'opiniondna.intellectual-curiosity': { openness: 0.6 },
  'opiniondna.aesthetic-openness': { openness: 0.5 },
  'opiniondna.free-thought': { openness: 0.5 },
  'opiniondna.stimulation': { openness: 0.4 },
  'opiniondna.thrill-seeking': { openness: 0.3 },
  'opiniondna.need-for-cognition': { openness: 0.5 },
  'opiniondna.need-for-closure': { openness: -0.4 },
  'opiniondna.open-debate': { openness: 0.4 },
  'opiniondna.intellectual-humility': { openness: 0.3 },
  'opiniondna.conspiracy-mindset': { openness: -0.3 },
  'opiniondna.progress': { openness: 0.3, social: 0.3 },
  'opiniondna.tolerance': { social: 0.5 },
  'opiniondna.care': { social: 0.3 },
  'opiniondna.nature': { social: 0.4 },
  'opiniondna.trust-in-experts': { social: 0.3 },
  'opiniondna.tradition': { social: -0.6 },
  'opiniondna.conformity': { social: -0.4 },
  'opiniondna.social-order': { social: -0.5 },
  'opiniondna.authority': { social: -0.5 },
  'opiniondna.purity': { social: -0.5 },
  'opiniondna.loyalty': { social: -0.4 },
  'opiniondna.faith': { social: -0.6 },
  'opiniondna.family': { social: -0.3 },
  'opiniondna.tribalism': { social: -0.3 },
  'opiniondna.moral-absolutism': { social: -0.3 },
  'opiniondna.equality': { economic: 0.5, social: 0.2 },
  'opiniondna.universal-concern': { economic: 0.3, social: 0.3 },
  'opiniondna.merit': { economic: -0.5 },
  'opiniondna.wealth': { economic: -0.4 },
  'opiniondna.liberty': { economic: -0.4 },
  'opiniondna.status': { economic: -0.2 },
  'opiniondna.achievement': { economic: -0.2 },
  'bigfive.openness': { openness: 0.7 },
  'sixteen.sensing-intuition': { openness: 0.5 },
  mac: { social: -0.4 },
  woke: { social: 0.6 },
  religiosity: { social: -0.6 },
  sexuality: { social: -0.5 },
  equalitarianism: { social: 0.5 },
  ir: { social: -0.4 },
  fem: { social: 0.5 },
  trans: { social: -0.5 },
  gender: { social: -0.5 },
  'ps.left-right': { economic: -0.8 },
  'ps.libertarian-authoritarian': { social: -0.6 },
  climate: { social: 0.4, economic: 0.3 },
  ownership: { economic: 0.5 },
};

/** How well each item reflects its element's latent score (as the demo seed's 0.6–0.85). */
const itemLoading = 0.75;

function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = random() * total;
  for (const [value, weight] of choices) {
    draw -= weight;
    if (draw < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

/** A value, or null for a field the member left blank. */
function orBlank<T>(random: Random, value: T): T | null {
  return random() < blankFieldShare ? null : value;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The synthetic member number `index` (0-based) of the population seeded with `seed`. */
export function syntheticMember(
  index: number,
  options: { seed: number; now: Date; content: InstrumentContent; itemOffsets: ItemOffsets },
): SyntheticMember {
  const { seed, now, content } = options;
  const username = `${syntheticUsernamePrefix}${String(index + 1).padStart(6, '0')}`;
  const random = mulberry32(seedFromString(`${seed}:${username}`));
  const normal = () => standardNormal(random);

  // Demographics first; the traits follow them.
  const age = Math.round(clamp(18 + 62 * Math.pow(random(), 1.3), 18, 90));
  const ageZ = (age - 45) / 16;
  const gender = weighted(random, [
    ['female', 49],
    ['male', 48],
    ['non-binary', 2],
    ['other', 1],
  ] as const);
  const educationIndex = clamp(Math.round(3.2 + 1.3 * normal() - 0.2 * ageZ), 0, 6);
  const education = educationOptions[educationIndex]!.value;
  const educationZ = (educationIndex - 3.2) / 1.3;
  const incomeIndex = clamp(Math.round(3 + 0.8 * educationZ + 1.2 * normal()), 0, 6);
  const householdIncome = householdIncomeOptions[incomeIndex]!.value;
  const incomeZ = (incomeIndex - 3) / 1.4;
  const nationality = weighted(random, [
    ['us', 45],
    ['gb', 30],
    ['ca', 6],
    ['au', 5],
    ['ie', 3],
    ['de', 3],
    ['in', 3],
    ['nz', 2],
    ['fr', 2],
    ['za', 1],
  ] as const);
  const religious = random() < clamp(0.45 + 0.12 * ageZ, 0.15, 0.85);
  const religion = religious
    ? weighted(random, [
        ['christian', 30],
        ['catholic', 20],
        ['protestant', 12],
        ['evangelical', 8],
        ['jewish', 4],
        ['sunni', 5],
        ['hindu', 5],
        ['buddhist', 4],
        ['mormon', 2],
        ['sikh', 2],
      ] as const)
    : weighted(random, [
        ['none', 50],
        ['agnostic', 25],
        ['atheist', 25],
      ] as const);
  const religionPull = !religious
    ? 0.45
    : religion === 'evangelical' || religion === 'mormon'
      ? -0.8
      : -0.35;
  const sexualOrientation = weighted(random, [
    ['heterosexual', 88],
    ['bisexual', 6],
    ['homosexual', 4],
    ['asexual', 1],
    ['pansexual', 1],
  ] as const);
  const female = gender === 'female' ? 1 : 0;

  const social =
    0.3 * educationZ -
    0.3 * ageZ +
    0.15 * female +
    religionPull +
    (sexualOrientation === 'heterosexual' ? 0 : 0.4) +
    0.75 * normal();
  const economic = -0.3 * incomeZ + 0.15 * female + 0.35 * social + 0.8 * normal();
  const openness = 0.3 * educationZ - 0.15 * ageZ + 0.2 * social + 0.85 * normal();
  const traits = { social, economic, openness };

  const married = random() < clamp(0.2 + 0.5 * ((age - 18) / 40), 0.05, 0.75);
  const maritalStatus = married
    ? weighted(random, [
        ['married', 80],
        ['civil-union', 5],
        ['divorced', 10],
        ['widowed', age > 60 ? 10 : 1],
      ] as const)
    : weighted(random, [
        ['single', 60],
        ['relationship', 35],
        ['open-relationship', 5],
      ] as const);
  const children = clamp(
    Math.round((married ? 1.6 : 0.3) + (religious ? 0.5 : 0) + (age > 30 ? 0.4 : -1) + normal()),
    0,
    8,
  );
  // Left 1 … right 100; 0 is "not set".
  const rightness = -0.6 * economic - 0.5 * social + 0.5 * normal();
  const politicalSpectrum =
    random() < 0.12
      ? 0
      : rightness < -1.1
        ? 1
        : rightness < -0.35
          ? 25
          : rightness < 0.35
            ? 50
            : rightness < 1.1
              ? 75
              : 100;
  const demographics: SyntheticDemographics | null =
    random() < noDemographicsShare
      ? null
      : {
          gender: orBlank(random, gender),
          birthYear: orBlank(random, now.getUTCFullYear() - age),
          nationality: orBlank(random, nationality),
          education: orBlank(random, education),
          maritalStatus: orBlank(random, maritalStatus),
          householdIncome: orBlank(random, householdIncome),
          sexualOrientation: orBlank(random, sexualOrientation),
          religion: orBlank(random, religion),
          politicalSpectrum: orBlank(random, politicalSpectrum),
          numChildren: orBlank(random, children === 0 ? -1 : children),
        };

  const createdAt = new Date(now.getTime() - Math.floor(random() * yearMs));
  const quizAt = new Date(
    createdAt.getTime() + Math.floor(random() * (now.getTime() - createdAt.getTime())),
  );

  // Quizzes: Opinion DNA for most, each report's own quiz for some.
  const asked = new Set<string>();
  if (random() < opinionDnaShare) {
    for (const id of content.quizzes['opinion-dna']?.itemIds ?? []) asked.add(id);
  }
  for (const name of Object.keys(content.reports)) {
    const quiz = content.quizzes[name];
    if (quiz && random() < otherQuizShare) for (const id of quiz.itemIds) asked.add(id);
  }
  const answers = new Map<string, number>();
  const acquiescence = 0.2 * normal();
  for (const report of Object.values(content.reports)) {
    for (const element of report.elements) {
      const items = element.items.filter((item) => asked.has(item.id));
      if (items.length === 0) continue;
      const links = traitLinks[`${report.name}.${element.id}`] ?? traitLinks[report.name] ?? {};
      const theta = latentScore(traits, links, normal());
      const generated = generateLatentAnswers(items, theta, random, {
        loading: itemLoading,
        acquiescence,
        itemOffset: (itemId) => options.itemOffsets.get(itemId) ?? 0,
      });
      for (const [itemId, rating] of generated) {
        if (random() >= skipShare) answers.set(itemId, rating);
      }
    }
  }

  const pollVotes = syntheticPolls.map((poll) => {
    if (random() >= pollVoteShare) return null;
    const agreement = latentScore(traits, poll.links, normal()) + 0.3 * normal();
    const at = new Date(
      createdAt.getTime() + Math.floor(random() * (now.getTime() - createdAt.getTime())),
    );
    return { rating: ratingForAgreement(agreement), at };
  });
  const tags = syntheticTags.flatMap((tag, tagIndex) => (random() < tag.share ? [tagIndex] : []));
  return { username, traits, demographics, createdAt, quizAt, answers, pollVotes, tags };
}

/**
 * The traits' pull plus standard-normal noise, scaled so that the result is about standard
 * normal: its correlation with a trait is about that trait's weight.
 */
function latentScore(
  traits: SyntheticTraits,
  links: Partial<Record<TraitName, number>>,
  noise: number,
): number {
  let pull = 0;
  let explained = 0;
  for (const [trait, weight] of Object.entries(links) as [TraitName, number][]) {
    pull += weight * traits[trait];
    explained += weight * weight;
  }
  return pull + Math.sqrt(Math.max(0.2, 1 - explained)) * noise;
}

export type ItemOffsets = ReadonlyMap<string, number>;

/** Some statements are simply more agreeable than others: fixed per item and seed. */
export function syntheticItemOffsets(content: InstrumentContent, seed: number): ItemOffsets {
  return new Map(
    [...content.items.keys()].map((itemId) => [
      itemId,
      0.3 * standardNormal(mulberry32(seedFromString(`${seed}:offset:${itemId}`))),
    ]),
  );
}

export class SyntheticPopulationExistsError extends DatabaseNotEmptyError {}

/**
 * Adds the synthetic population to the database (which may hold other content) in one
 * transaction (with the derived vote counters), then computes the members' report scores. Refuses (SyntheticPopulationExistsError)
 * when synthetic members exist already: the population is made once per database.
 */
export async function seedSynthetic(
  db: Db,
  options: {
    members: number;
    seed?: number;
    now?: Date;
    /** Told of progress in words, for the command line. */
    onProgress?: (message: string) => void;
  },
): Promise<SyntheticSummary> {
  const started = performance.now();
  const seed = options.seed ?? 20_261_127;
  const now = options.now ?? new Date();
  const progress = options.onProgress ?? (() => {});
  if (!Number.isInteger(options.members) || options.members < 1) {
    throw new RangeError('members must be a whole number of at least 1');
  }
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('username', 'like', `${syntheticUsernamePrefix}%`)
    .limit(1)
    .executeTakeFirst();
  if (existing) {
    throw new SyntheticPopulationExistsError(
      'This database holds a synthetic population already; make it once, in a fresh database.',
    );
  }
  const content = getInstrumentContent();
  const itemOffsets = syntheticItemOffsets(content, seed);
  // The quiz items' opinions (made once; existing ones and their votes are kept).
  await seedInstrumentAnswers(db, [], content);

  const summary = await inTransaction(db, async (trx) => {
    await skipRowChecksWhenAllowed(trx);
    const itemRows = await trx
      .selectFrom('instrumentItems')
      .select(['itemId', 'opinionId'])
      .execute();
    const opinionOfItem = new Map(itemRows.map((row) => [row.itemId, row.opinionId]));
    const pollIds = await insertPolls(trx, now);
    const tagIds = await insertTags(trx);
    const votes = new VoteBuffer(trx);
    const tagRows: { tagId: number; userId: number }[] = [];
    const totals = {
      members: 0,
      withDemographics: 0,
      opinionDnaMembers: 0,
      quizVotes: 0,
      pollVotes: 0,
      tags: tagIds.length,
      tagMemberships: 0,
    };

    for (let start = 0; start < options.members; start += memberBatch) {
      const count = Math.min(memberBatch, options.members - start);
      const batch = Array.from({ length: count }, (_, offset) =>
        syntheticMember(start + offset, { seed, now, content, itemOffsets }),
      );
      const userIds = await insertMembers(trx, batch);
      await insertDemographics(trx, batch, userIds, now);
      for (const [position, member] of batch.entries()) {
        const userId = userIds[position]!;
        const quizSeconds = Math.floor(member.quizAt.getTime() / 1000);
        for (const [itemId, rating] of member.answers) {
          votes.add(userId, opinionOfItem.get(itemId)!, rating, quizSeconds);
        }
        totals.quizVotes += member.answers.size;
        if (hasAnyDnaAnswer(member, content)) totals.opinionDnaMembers += 1;
        for (const [pollIndex, vote] of member.pollVotes.entries()) {
          if (!vote) continue;
          votes.add(userId, pollIds[pollIndex]!, vote.rating, Math.floor(vote.at.getTime() / 1000));
          totals.pollVotes += 1;
        }
        for (const tagIndex of member.tags) tagRows.push({ tagId: tagIds[tagIndex]!, userId });
        if (member.demographics) totals.withDemographics += 1;
        if (votes.size >= voteBatch) await votes.flush();
      }
      totals.members += count;
      if (totals.members % 20_000 < memberBatch || totals.members === options.members) {
        progress(`${totals.members} members, ${totals.quizVotes + totals.pollVotes} votes`);
      }
    }
    await votes.flush();
    for (let index = 0; index < tagRows.length; index += voteBatch) {
      const rows = tagRows.slice(index, index + voteBatch);
      await sql`
        insert into user_tag_members (tag_id, user_id)
        select * from unnest(${rows.map((row) => row.tagId)}::int[], ${rows.map((row) => row.userId)}::int[])
        on conflict do nothing
      `.execute(trx);
    }
    totals.tagMemberships = tagRows.length;
    progress('rebuilding the vote counters');
    await rebuildCounters(trx);
    return totals;
  });
  // The staff analytics read the members' scores from member_scores, derived from the votes by
  // the one scoring path; recomputed here rather than left to the job's next run.
  progress('computing the members’ report scores');
  await refreshMemberScores(db, content);
  // Fresh statistics, so that the first queries after the seed are planned for the new row counts
  // rather than for an empty database (autovacuum would get there, minutes later).
  progress('analyzing the tables');
  await sql`analyze users, demographics, votes, opinions, user_tag_members, member_scores`.execute(
    db,
  );
  return { ...summary, seconds: (performance.now() - started) / 1000 };
}

/**
 * Half the cost of inserting a vote is its two foreign-key checks (measured with EXPLAIN ANALYZE:
 * 8 of 17 µs a row). Every id here comes from rows this transaction made or read, so a superuser
 * (the benchmarks' and a development database's role) skips the row triggers for this transaction
 * (session_replication_role = replica). That also skips the triggers that keep votes by day and
 * the members cache's change notes; the counters are rebuilt from the raw votes before the
 * transaction ends, and no server has met the new members yet. Other roles insert with the checks.
 */
async function skipRowChecksWhenAllowed(db: Db): Promise<void> {
  const role = await sql<{ superuser: boolean }>`
    select rolsuper as superuser from pg_roles where rolname = current_user
  `.execute(db);
  if (role.rows[0]?.superuser) await sql`set local session_replication_role = replica`.execute(db);
}

function hasAnyDnaAnswer(member: SyntheticMember, content: InstrumentContent): boolean {
  return content.reports.opiniondna.elements.some((element) =>
    element.items.some((item) => member.answers.has(item.id)),
  );
}

/** Votes gathered into large statements: one array per column, unnested by the database. */
class VoteBuffer {
  private userIds: number[] = [];
  private opinionIds: number[] = [];
  private ratings: number[] = [];
  private seconds: number[] = [];
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  get size(): number {
    return this.userIds.length;
  }

  add(userId: number, opinionId: number, rating: number, atSeconds: number) {
    this.userIds.push(userId);
    this.opinionIds.push(opinionId);
    this.ratings.push(rating);
    this.seconds.push(atSeconds);
  }

  async flush() {
    if (this.userIds.length === 0) return;
    await sql`
      insert into votes (user_id, opinion_id, rating, created_at, updated_at)
      select v.user_id, v.opinion_id, v.rating, to_timestamp(v.at), to_timestamp(v.at)
      from unnest(${this.userIds}::int[], ${this.opinionIds}::int[], ${this.ratings}::int[],
        ${this.seconds}::bigint[]) as v(user_id, opinion_id, rating, at)
    `.execute(this.db);
    this.userIds = [];
    this.opinionIds = [];
    this.ratings = [];
    this.seconds = [];
  }
}

/** The members' accounts (no e-mail, no password: nobody signs in as them); ids in batch order. */
async function insertMembers(db: Db, batch: readonly SyntheticMember[]): Promise<number[]> {
  const result = await sql<{ id: number; username: string }>`
    insert into users (username, created_at)
    select u.username, to_timestamp(u.at)
    from unnest(${batch.map((member) => member.username)}::text[],
      ${batch.map((member) => Math.floor(member.createdAt.getTime() / 1000))}::bigint[]) as u(username, at)
    returning id, username
  `.execute(db);
  const ids = new Map(result.rows.map((row) => [row.username, row.id]));
  return batch.map((member) => ids.get(member.username)!);
}

async function insertDemographics(
  db: Db,
  batch: readonly SyntheticMember[],
  userIds: readonly number[],
  now: Date,
): Promise<void> {
  const rows = batch.flatMap((member, position) =>
    member.demographics ? [{ userId: userIds[position]!, ...member.demographics }] : [],
  );
  if (rows.length === 0) return;
  const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
  await sql`
    insert into demographics (user_id, gender, birth_year, nationality, education, marital_status,
      household_income, sexual_orientation, religion, political_spectrum, num_children, updated_at)
    select d.*, ${now} from unnest(
      ${column('userId')}::int[], ${column('gender')}::text[], ${column('birthYear')}::int[],
      ${column('nationality')}::text[], ${column('education')}::int[],
      ${column('maritalStatus')}::text[], ${column('householdIncome')}::int[],
      ${column('sexualOrientation')}::text[], ${column('religion')}::text[],
      ${column('politicalSpectrum')}::int[], ${column('numChildren')}::int[]
    ) as d
  `.execute(db);
}

async function insertPolls(db: Db, now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const poll of syntheticPolls) {
    const row = await db
      .insertInto('opinions')
      .values({
        slug: poll.slug,
        title: poll.title,
        authorId: null,
        tidbit: null,
        createdAt: new Date(now.getTime() - yearMs - dayMs),
      })
      .onConflict((conflict) => conflict.column('slug').doUpdateSet({ title: poll.title }))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function insertTags(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (const tag of syntheticTags) {
    const row = await db
      .insertInto('userTags')
      .values({ name: tag.name, createdBy: null })
      .onConflict((conflict) =>
        conflict.expression(sql`lower(name)`).doUpdateSet({ name: tag.name }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}
