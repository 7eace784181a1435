import fs from 'node:fs';
import { z } from 'zod';
import { argumentTooShortText, isLongEnoughForArgument } from '../../../contract/comments.base.ts';

const traits = z.object({
  social: z.number().min(-1).max(1),
  economic: z.number().min(-1).max(1),
  openness: z.number().min(-1).max(1),
});

const demographics = z
  .object({
    gender: z.enum(['male', 'female', 'non-binary', 'other']),
    birthYear: z.number().int().min(1900).max(2015),
    nationality: z.string().regex(/^[a-z]{2}$/),
    education: z.union([10, 20, 30, 40, 50, 60, 70].map((value) => z.literal(value))),
    maritalStatus: z.enum([
      'single',
      'relationship',
      'open-relationship',
      'married',
      'civil-union',
      'divorced',
      'widowed',
    ]),
    householdIncome: z.union([10, 20, 35, 50, 75, 100, 200].map((value) => z.literal(value))),
    sexualOrientation: z.enum(['asexual', 'bisexual', 'heterosexual', 'homosexual', 'pansexual']),
    religion: z.string().min(1),
    politicalSpectrum: z.union([1, 25, 50, 75, 100].map((value) => z.literal(value))),
    numChildren: z.number().int().min(-1).max(20),
  })
  .partial();

const user = z.object({
  username: z.string().regex(/^[A-Za-z0-9_-]{3,30}$/),
  fullName: z.string(),
  location: z.string(),
  bio: z.string(),
  expertise: z.string(),
  joinedDaysAgo: z.number().int().min(0),
  activity: z.number().min(0).max(1),
  interests: z.array(z.string()),
  traits,
  demographics: demographics.optional(),
});

const opinion = z.object({
  title: z.string().min(5).max(200),
  topics: z.array(z.string()).min(1),
  author: z.string(),
  daysAgo: z.number().min(0),
  lean: z.number(),
  loadings: traits.partial(),
  noise: z.number().min(0),
  tidbit: z
    .object({
      Desc: z.string(),
      AgreementWording: z.string(),
      AgreementDirection: z.number().int().min(-1).max(1),
    })
    .optional(),
});

type DemoComment = {
  author: string;
  type?: 'pro' | 'con' | 'neutral' | 'commentary' | undefined;
  daysAgo: number;
  body: string;
  likes: number;
  replies?: DemoComment[] | undefined;
};

const comment: z.ZodType<DemoComment> = z.lazy(() =>
  z.object({
    author: z.string(),
    type: z.enum(['pro', 'con', 'neutral', 'commentary']).optional(),
    daysAgo: z.number().min(0),
    body: z.string().min(1),
    likes: z.number().int().min(0),
    replies: z.array(comment).optional(),
  }),
);

/** A thread opens with an argument, which obeys the rule members' arguments do (decision 067). */
const thread = z
  .object({ opinion: z.string() })
  .and(comment)
  .refine((argument) => isLongEnoughForArgument(argument.body), {
    path: ['body'],
    message: argumentTooShortText,
  });

const topic = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string(),
  description: z.string(),
});

export type DemoUser = z.infer<typeof user>;
export type DemoOpinion = z.infer<typeof opinion>;
export type { DemoComment };

export type DemoContent = {
  topics: z.infer<typeof topic>[];
  users: DemoUser[];
  opinions: DemoOpinion[];
  threads: (DemoComment & { opinion: string })[];
};

const demoDir = new URL('../../../content/demo/', import.meta.url);

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const raw: unknown = JSON.parse(fs.readFileSync(new URL(file, demoDir), 'utf8'));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`content/demo/${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

/** Reads and validates the demo content files, failing with the file and path of a problem. */
export function loadDemoContent(): DemoContent {
  return {
    topics: readJson('topics.json', z.array(topic)),
    users: readJson('users.json', z.array(user)),
    opinions: readJson('opinions.json', z.array(opinion)),
    threads: readJson('comments.json', z.array(thread)),
  };
}
