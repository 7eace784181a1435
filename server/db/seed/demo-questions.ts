import sharp from 'sharp';
import { encodeConvoImage } from '../../features/questions/questions.images.ts';
import { replaceConvoImage } from '../../features/questions/questions.repository.ts';
import { slugify, uniqueSlug } from '../../slug.ts';
import type { Db } from '../database.ts';

/*
 * The demo's questions (docs/decisions/047-questions-and-arguments.md): six categories, each
 * question gathering existing demo opinions as its positions, so that their votes and arguments
 * fill the question pages and the argument feed. Each picture is drawn here, from an SVG, and goes
 * through the same pipeline as an upload: no file is fetched from anywhere.
 */

type DemoQuestion = {
  title: string;
  description: string;
  /** Titles of demo opinions (content/demo/opinions.json), in the order shown. */
  positions: string[];
  daysAgo: number;
};

type DemoCategory = { title: string; hue: number; questions: DemoQuestion[] };

export const demoCategories: DemoCategory[] = [
  {
    title: 'Politics & society',
    hue: 215,
    questions: [
      {
        title: 'How should democracies choose their leaders?',
        description:
          'Voting systems, who gets a vote and whether voting is a duty. Each change is argued as fairer; the arguments show for whom.',
        positions: [
          'Proportional representation is fairer than first-past-the-post',
          'Voting should be compulsory',
          'The voting age should be lowered to 16',
          'Politicians should face term limits',
        ],
        daysAgo: 40,
      },
      {
        title: 'Who should be able to move to a country?',
        description:
          'Migration divides voters more than almost anything else. What has it done, and what do rich countries owe those who come?',
        positions: [
          'Immigration has been good for my country',
          'Nations should have open borders',
          'Rich countries have a duty to take in refugees',
        ],
        daysAgo: 33,
      },
      {
        title: 'Where are the limits of free expression today?',
        description:
          'From comedians to statues, what may be said and shown in public is argued over daily.',
        positions: [
          'Cancel culture has gone too far',
          'Celebrities should keep their political opinions to themselves',
          'Statues of controversial historical figures should be taken down',
          'Political correctness has made comedy worse',
        ],
        daysAgo: 21,
      },
    ],
  },
  {
    title: 'Economy & work',
    hue: 150,
    questions: [
      {
        title: 'Should the very rich pay more?',
        description:
          'Wealth taxes, inheritance and whether fortunes of a billion are a problem in themselves.',
        positions: [
          'Billionaires should not exist',
          "A global tax on billionaires' wealth is a good idea",
          'Taxes on the rich should rise',
          'Inheritance tax is fair',
        ],
        daysAgo: 37,
      },
      {
        title: 'What will work look like in ten years?',
        description:
          'Remote teams, shorter weeks, machines and a basic income: which of them make working life better?',
        positions: [
          'Remote work makes teams less creative',
          'Four-day work weeks should become the legal standard',
          'Universal basic income would make society better',
          'AI will create more jobs than it destroys',
        ],
        daysAgo: 12,
      },
    ],
  },
  {
    title: 'Science & technology',
    hue: 265,
    questions: [
      {
        title: 'How should we govern AI and social media?',
        description:
          'Age limits, labels and new crimes: the rules being written now for technology that changes fast.',
        positions: [
          'Social media should be banned for under-16s',
          'AI-generated music should be labelled on streaming services',
          'Deepfakes of real people should be a criminal offence',
          'Universities should ban AI tools in written coursework',
        ],
        daysAgo: 6,
      },
      {
        title: 'Are there limits to what medicine may do?',
        description:
          'Animal testing, assisted dying and gene editing each ask how far we go to ease suffering.',
        positions: [
          'Animal testing for medicine is justified',
          'Assisted dying should be legal for terminally ill adults',
          'Gene editing human embryos to prevent disease is ethical',
        ],
        daysAgo: 28,
      },
    ],
  },
  {
    title: 'Environment & cities',
    hue: 95,
    questions: [
      {
        title: 'How should cities deal with cars?',
        description:
          'Bans, charges and free buses: how much room should the car have in a city centre?',
        positions: [
          'Cities should ban cars from their centres',
          'Cities should charge drivers a congestion fee to enter the centre',
          'Public transport should be free',
        ],
        daysAgo: 17,
      },
      {
        title: 'What will it take to fight climate change?',
        description:
          'Reactors, shopping habits and growth: where the effort against climate change should go.',
        positions: [
          'Nuclear power is essential to fighting climate change',
          'Individual actions matter in fighting climate change',
          'Economic growth is compatible with saving the planet',
          'Buying fast fashion is unethical',
        ],
        daysAgo: 9,
      },
    ],
  },
  {
    title: 'Life & beliefs',
    hue: 25,
    questions: [
      {
        title: 'What makes a good life?',
        description: 'Happiness, money, other people and saying yes: the oldest question there is.',
        positions: [
          'A good life is a happy life',
          'Money can buy happiness',
          'Saying yes to more things makes life better',
          'Humans are fundamentally good',
        ],
        daysAgo: 45,
      },
      {
        title: 'What does family mean today?',
        description:
          'Marriage, children and friends: which bonds matter most, and is the old order still the best?',
        positions: [
          'Marriage is an outdated institution',
          'Couples should live together before getting married',
          'Friends matter more than family',
          'Having children is the most meaningful thing a person can do',
        ],
        daysAgo: 24,
      },
      {
        title: 'Is there more than the material world?',
        description:
          'God, an afterlife, free will and objective morality, argued by believers and sceptics.',
        positions: [
          'There is a God who created the universe',
          'There is life after death',
          'Free will is an illusion',
          'Morality is objective, not just a matter of culture',
        ],
        daysAgo: 50,
      },
    ],
  },
  {
    title: 'Culture & sport',
    hue: 330,
    questions: [
      {
        title: 'What counts as art, and what as sport?',
        description:
          'Games, screens and pages: where the lines of culture and competition now run.',
        positions: [
          'Video games are an art form',
          'Esports are real sports',
          'The book is always better than the film',
          'Films should be no longer than two hours',
        ],
        daysAgo: 14,
      },
    ],
  },
];

/** A picture for a question: a gradient in its category's hue with a few soft circles. */
export function drawQuestionPicture(hue: number, seed: number): string {
  const circles = Array.from({ length: 5 }, (_, index) => {
    const x = (seed * 97 + index * 263) % 1280;
    const y = (seed * 53 + index * 151) % 720;
    const r = 80 + ((seed * 31 + index * 71) % 160);
    const light = 55 + ((seed + index * 7) % 25);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + index * 12) % 360}, 60%, ${light}%)" fill-opacity="0.45"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 55%, 38%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 40) % 360}, 60%, 22%)"/>
  </linearGradient></defs>
  <rect width="1280" height="720" fill="url(#g)"/>${circles}
</svg>`;
}

/**
 * Inserts the categories and questions, their positions found by title among the demo opinions,
 * and a drawn picture for each. Throws on a position no demo opinion has: a typo here is a bug.
 */
export async function insertDemoQuestions(
  db: Db,
  options: {
    opinionsByTitle: ReadonlyMap<string, { id: number }>;
    now: Date;
    /** Pictures drawn and encoded before the seed's transaction, by question title. */
    pictures: ReadonlyMap<string, Awaited<ReturnType<typeof encodeConvoImage>>>;
  },
): Promise<{ categories: number; questions: number }> {
  const taken = new Set<string>();
  let questions = 0;
  for (const category of demoCategories) {
    const { id: categoryId } = await db
      .insertInto('categories')
      .values({ title: category.title, createdAt: options.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const question of category.questions) {
      const opinionIds = question.positions.map((title) => {
        const opinion = options.opinionsByTitle.get(title.toLowerCase());
        if (!opinion) throw new Error(`demo questions: unknown opinion '${title}'`);
        return opinion.id;
      });
      const slug = await uniqueSlug(slugify(question.title, 'question'), (candidate) =>
        taken.has(candidate),
      );
      taken.add(slug);
      const createdAt = new Date(options.now.getTime() - question.daysAgo * 86_400_000);
      const convo = await db
        .insertInto('convos')
        .values({
          slug,
          title: question.title,
          description: question.description,
          categoryId,
          createdBy: null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('convoPositions')
        .values(
          opinionIds.map((opinionId, position) => ({ convoId: convo.id, opinionId, position })),
        )
        .execute();
      const picture = options.pictures.get(question.title);
      if (picture) await replaceConvoImage(db, convo.id, null, picture);
      questions++;
    }
  }
  return { categories: demoCategories.length, questions };
}

/** Every demo question's picture, drawn and encoded as an upload would be. */
export async function drawDemoPictures() {
  const pictures = new Map<string, Awaited<ReturnType<typeof encodeConvoImage>>>();
  let seed = 1;
  for (const category of demoCategories) {
    for (const question of category.questions) {
      const png = await sharp(Buffer.from(drawQuestionPicture(category.hue, seed++)))
        .png()
        .toBuffer();
      pictures.set(question.title, await encodeConvoImage(png));
    }
  }
  return pictures;
}
