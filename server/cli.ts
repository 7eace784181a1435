import { loadConfig } from './config.ts';
import { DatabaseLockedError, type Db } from './db/database.ts';
import { DatabaseNotEmptyError, seedDemo } from './db/seed/demo.ts';
import { seedSynthetic } from './db/seed/synthetic.ts';
import { opinionGroupsCommand } from './features/insights/opinion-groups.cli.ts';
import { findInsightCountDrift } from './features/insights/insights.service.ts';
import { runInstrumentsCheck } from './features/instruments/instruments.check.ts';
import { findConversationDrift } from './features/comments/comments.service.ts';
import { findArgumentTallyDrift } from './features/questions/questions.service.ts';
import {
  findCounterDrift,
  findVoteDayDrift,
  findMemberVoteCountDrift,
} from './features/opinions/opinions.repository.ts';
import { makeAdmin } from './features/users/users.service.ts';
import { openAndPrepareDatabase } from './runtime.ts';

type Command = {
  usage: string;
  summary: string;
  run(db: Db, args: string[]): Promise<number>;
};

/** Operator commands: `npm run cli -- <command> [args]`. */
const commands: Record<string, Command> = {
  migrate: {
    usage: 'migrate',
    summary: 'apply pending database migrations',
    async run() {
      // openAndPrepareDatabase has applied them already.
      return 0;
    },
  },
  seed: {
    usage: 'seed demo | seed synthetic --members <N>',
    summary:
      'load the demo content into an empty database, or add N synthetic members (benchmarks)',
    async run(db, args) {
      if (args[0] === 'synthetic') {
        const members = args[1] === '--members' && args.length === 3 ? Number(args[2]) : NaN;
        if (!Number.isInteger(members) || members < 1 || members > 1_000_000) {
          console.error('Usage: npm run cli -- seed synthetic --members <1 to 1000000>');
          return 2;
        }
        const made = await seedSynthetic(db, { members, onProgress: (line) => console.log(line) });
        console.log(
          `Synthetic population added in ${made.seconds.toFixed(1)} s: ${made.members} members ` +
            `(${made.withDemographics} with demographics, ${made.opinionDnaMembers} with Opinion DNA), ` +
            `${made.quizVotes} quiz answers, ${made.pollVotes} poll votes, ` +
            `${made.tagMemberships} members in ${made.tags} user tags.`,
        );
        return 0;
      }
      if (args[0] !== 'demo') {
        console.error('Usage: npm run cli -- seed demo | seed synthetic --members <N>');
        return 2;
      }
      const summary = await seedDemo(db);
      console.log(
        `Demo content loaded: ${summary.topics} topics, ${summary.users} users, ${summary.opinions} opinions, ` +
          `${summary.votes} votes, ${summary.comments} comments, ${summary.likes} good points, ` +
          `${summary.mindsChanged} minds changed, ` +
          `${summary.quizAnswers} answers to ${summary.quizItems} quiz items.`,
      );
      return 0;
    },
  },
  'verify-counts': {
    usage: 'verify-counts',
    summary:
      'check every derived counter (votes, votes by day, insight counts, comments, good points, arguments’ good points by side, minds changed, karma, members’ vote counts) against the raw rows',
    async run(db) {
      const counterDrift = await findCounterDrift(db);
      const dayDrift = await findVoteDayDrift(db);
      const insightDrift = await findInsightCountDrift(db);
      const driftingOpinions = new Set([
        ...[...counterDrift, ...dayDrift].map((row) => row.id),
        ...insightDrift.map((row) => row.opinionId),
      ]);
      const conversation = await findConversationDrift(db);
      const memberVotes = await findMemberVoteCountDrift(db);
      const tallyDrift = await findArgumentTallyDrift(db);
      const driftingComments = new Set([
        ...conversation.likeCounts.map((row) => row.id),
        ...conversation.persuadedCounts.map((row) => row.id),
        ...tallyDrift.map((row) => row.id),
      ]);
      const driftingMembers = new Set([
        ...conversation.karma.map((row) => row.username),
        ...memberVotes.map((row) => row.username),
      ]);
      const total = driftingOpinions.size + driftingComments.size + driftingMembers.size;
      if (total === 0) {
        console.log(
          'verify-counts: 0 opinions, comments or members drift; every counter matches the raw rows.',
        );
        return 0;
      }
      for (const row of dayDrift.slice(0, 20)) {
        console.log(`  ${row.slug}: votes of ${row.day} stored ${row.stored} actual ${row.actual}`);
      }
      for (const row of insightDrift.slice(0, 20)) {
        console.log(
          `  opinion ${row.opinionId}: voters with ${row.field} ${row.answer} rating ${row.rating} ` +
            `stored ${row.stored} actual ${row.actual}`,
        );
      }
      for (const row of counterDrift.slice(0, 20)) {
        console.log(
          `  ${row.slug}: votes stored ${row.stored.join('/')} actual ${row.actual.join('/')}, ` +
            `comments stored ${row.storedComments} actual ${row.actualComments}`,
        );
      }
      for (const row of conversation.likeCounts.slice(0, 20)) {
        console.log(`  comment ${row.id}: good points stored ${row.stored} actual ${row.actual}`);
      }
      for (const row of tallyDrift.slice(0, 20)) {
        console.log(
          `  comment ${row.id}: ranked/good points/from agreeing/from disagreeing/minds changed stored ` +
            `${row.stored} actual ${row.actual}`,
        );
      }
      for (const row of conversation.persuadedCounts.slice(0, 20)) {
        console.log(`  comment ${row.id}: minds changed stored ${row.stored} actual ${row.actual}`);
      }
      for (const row of conversation.karma.slice(0, 20)) {
        console.log(`  ${row.username}: karma stored ${row.stored} actual ${row.actual}`);
      }
      for (const row of memberVotes.slice(0, 20)) {
        console.log(
          `  ${row.username}: votes on listed opinions stored ${row.stored} actual ${row.actual}`,
        );
      }
      console.log(
        `verify-counts: ${driftingOpinions.size} opinions, ${driftingComments.size} comments and ` +
          `${driftingMembers.size} members drift.`,
      );
      return 1;
    },
  },
  'make-admin': {
    usage: 'make-admin <email>',
    summary: 'give the account with that e-mail every staff capability and the admin role',
    async run(db, args) {
      const email = args[0];
      if (!email || args.length > 1) {
        console.error('Usage: npm run cli -- make-admin <email>');
        return 2;
      }
      if (!(await makeAdmin(db, email))) {
        console.error(`No account has the e-mail ${email}.`);
        return 1;
      }
      console.log(`${email} is now an admin with every staff capability.`);
      return 0;
    },
  },
  'instruments-check': {
    usage: 'instruments-check',
    summary: "per quiz element: items, keying balance, respondents and Cronbach's alpha",
    async run(db) {
      console.log(await runInstrumentsCheck(db));
      return 0;
    },
  },
};

/** Commands that read files only: they open no database. */
const fileCommands: Record<
  string,
  Omit<Command, 'run'> & { run(args: string[]): Promise<number> }
> = { 'opinion-groups': opinionGroupsCommand };

function printUsage() {
  console.log('Usage: npm run cli -- <command>\n');
  for (const command of [...Object.values(commands), ...Object.values(fileCommands)])
    console.log(`  ${command.usage.padEnd(22)} ${command.summary}`);
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const fileCommand = name ? fileCommands[name] : undefined;
  if (fileCommand) return fileCommand.run(args);
  const command = name ? commands[name] : undefined;
  if (!command) {
    if (name) console.error(`Unknown command '${name}'.\n`);
    printUsage();
    return name ? 2 : 0;
  }
  const config = loadConfig();
  let prepared;
  try {
    prepared = await openAndPrepareDatabase(config, { allowSeed: false });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const { handle, migrated } = prepared;
  if (migrated.length > 0) console.log(`Migrations applied: ${migrated.join(', ')}`);
  else if (name === 'migrate') console.log('The database is up to date.');
  try {
    return await command.run(handle.db, args);
  } catch (error) {
    if (error instanceof DatabaseNotEmptyError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
