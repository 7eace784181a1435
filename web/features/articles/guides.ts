import { maximumTopicsPerOpinion, opinionTitleLimits } from '../../../contract/opinions.base.ts';
import type { Article } from './articles.ts';

/*
 * The articles that explain a part of Stance: what it is and how it works as built
 * (docs/decisions/074-what-the-site-says.md). Nothing here describes a feature, an issue or an
 * episode that does not exist.
 */

export const newsletter: Article = {
  title: 'The Stance newsletter',
  standfirst:
    'There is no newsletter yet. Here is what Stance does send you, and what it never will.',
  sections: [
    {
      paragraphs: [
        'Stance does not publish a newsletter today. Nobody is on a mailing list, and signing up does not put you on one.',
        'If we start one, it will be something you choose: it will arrive only after you have switched it on yourself, and every issue will carry a link that switches it off again in one click.',
      ],
    },
    {
      heading: 'The e-mails Stance sends',
      paragraphs: ['Only these, and only to the address of your account:'],
      items: [
        'The 6-digit code that confirms a new account, and codes to log in without a password. They expire after 15 minutes.',
        'A link to set a new password when you ask for one. It works once, within an hour.',
        'A note when someone replies to one of your comments. You can turn these off on your [e-mail preferences](/emailpref-iframe), or from the link at the foot of each one, without logging in.',
        'Anything about payments, such as receipts, comes from Stripe, our payment provider, not from Stance.',
      ],
    },
    {
      heading: 'Keeping up without e-mail',
      paragraphs: [
        'Follow the topics you care about: their opinions rank higher in your [For You feed](/). The bell at the top of every page collects replies, good points and awards, and [Latest activity](/activity) shows what the community is arguing about right now.',
      ],
    },
  ],
};

export const caseExamples: Article = {
  title: 'Case examples',
  standfirst: 'Four ways people use Stance, step by step, with the screens as they are today.',
  sections: [
    {
      paragraphs: [
        'These are worked examples, not testimonials: each follows one kind of person through the parts of Stance they would use. The names are made up; the steps are what the site does.',
      ],
    },
    {
      heading: 'A curious reader: finding out where people stand',
      paragraphs: [
        'Sam has ten minutes and an opinion about cities and cars. She searches for it from the bar at the top, opens the opinion and votes Agree. Only then does she see the results: how everyone else voted, split across the five points of the scale.',
        'Below the results she reads the arguments for and against, the best-rated first, and follows the topic so its new opinions come first in her feed. Nobody can see how she voted, only that one more person did.',
      ],
    },
    {
      heading: 'A member who argues: making the case well',
      paragraphs: [
        'Priya disagrees with a popular opinion. She writes an argument marked Against, with her reasons and a source. Other members who find it convincing give it a good point; each one earns her 5 karma, and enough of them move her up a [level](/article/levels-awards).',
        'When a reply arrives she gets a notification, and an e-mail unless she has switched those off. If someone posts an insult instead of an argument, she reports it and a moderator reviews it against the [rules](/article/rules).',
      ],
    },
    {
      heading: 'Someone who wants to know themselves: the Opinion DNA',
      paragraphs: [
        'Tom takes the [Opinion DNA](/go/opinion-dna) quiz: about 17 minutes of statements, each answered on the same five-point scale as any opinion. His report shows 48 elements of personality, values and ways of thinking, each with a score, a range that says how sure the score is, and, once enough members have taken part, where he stands among them.',
        'The Ownership report is free; the others come with the subscription. He shares one report card with a friend through a public link, and stops sharing it a week later: the link stops working at once.',
      ],
    },
    {
      heading: 'A class or a panel: comparing groups fairly',
      paragraphs: [
        'A teacher running Stance for a school puts her pupils, by username, under a user tag, and asks them to vote on a set of opinions and take a short quiz. Staff with the admin hub can then compare the tagged group with everyone else, and by the personal details members chose to give.',
        'Every figure staff see covers at least 10 members (the site\u2019s minimum group size, unless its operator set another), and so does the rest of the group it is compared with, so no filter can single out one pupil. The spreadsheet staff can download names nobody: each member is a code.',
      ],
    },
  ],
};

export const opinionLab: Article = {
  title: 'The Opinion Lab',
  standfirst: "How Stance's quizzes and reports are made, and how you can check them.",
  sections: [
    {
      paragraphs: [
        'The Opinion Lab is the part of Stance that turns answers into reports: the quizzes, the scoring, and the comparisons with other members. It works in the open. Every report says which statements feed each score and how they are combined. To see it from the inside, take the [Opinion DNA](/go/opinion-dna) quiz.',
      ],
    },
    {
      heading: 'The quizzes',
      paragraphs: [
        'Each quiz is a set of statements you answer from Strongly Agree to Strongly Disagree, like any opinion on Stance. They feed 15 reports: the Opinion DNA core of 48 elements, and reports on moral values (Morality as Cooperation), personality (the Big Five, Sixteen Types), religiosity, sexuality, gender, feminism, transgenderism, equalitarianism, international relations, the political spectrum, climate, ownership and wokeness.',
        'Where a published, openly licensed scale exists we build on it, and each report lists its sources. The statements are written to be answered by anyone, whatever their views: each element has as many statements keyed one way as the other, so agreeing with everything does not push a score up.',
      ],
    },
    {
      heading: 'How a score is made',
      paragraphs: [
        'Each answer counts from 1 to 5, reversed for statements keyed the other way, and an element\u2019s score is the average of its answers placed on a scale from 0 to 100. An element needs enough answers before it gets a score at all; until then the report says how many you have given.',
        'A score comes with its 90 % interval: the range in which a score from the same person, answering again, would most likely fall. Few answers, or answers that pull in different directions, make the range wide. The report also names the band a score falls in, from very low to very high.',
      ],
    },
    {
      heading: 'Comparing you with others',
      paragraphs: [
        'Once at least 30 members have a score on an element, your report also gives your percentile: where your score stands among theirs. These figures are recomputed every 10 minutes from everyone\u2019s answers.',
        'For each element we also measure how consistently its statements hang together across all members (Cronbach\u2019s alpha): a low figure tells us an element\u2019s statements need rewriting.',
      ],
    },
    {
      heading: 'What the reports are not',
      paragraphs: [
        'They are a mirror, not a diagnosis. A report describes how you answered a set of statements on one day, compared with the people who happen to use Stance. It is not a psychological assessment, and it says nothing about whether your views are right.',
      ],
    },
  ],
};

export const podcast: Article = {
  title: 'The Stance podcast',
  standfirst: 'Stance has no podcast at the moment.',
  sections: [
    {
      paragraphs: [
        'We have not recorded any episodes, and there is no feed to subscribe to. If a link brought you here expecting one, it promised more than exists.',
        'The conversations the podcast would have had are happening in writing instead. Every opinion has a thread of arguments for and against; the [arguments feed](/arguments) puts the most convincing ones first, ranked by good points from people on different sides; and [Questions](/questions) sets the strongest positions on a question side by side.',
        'If we ever start one, its episodes will be listed on this page, each with the opinions it discusses, so you can vote on them before you listen.',
      ],
    },
  ],
};

export const opinionSelectionGuide: Article = {
  title: 'Choosing a good opinion',
  standfirst:
    'What makes an opinion worth a page on Stance, and how to write one people want to vote on.',
  sections: [
    {
      paragraphs: [
        `An opinion on Stance is a statement people can agree or disagree with, in one or two sentences, filed under up to ${maximumTopicsPerOpinion} topics. Anyone can [suggest one](/suggest); members who may create opinions add them directly. These are the tests we apply.`,
      ],
    },
    {
      heading: 'Is it a real debate?',
      items: [
        'Any topic is welcome, from the news of the day to the eternal questions.',
        'Thoughtful people disagree about it. If nearly everyone would agree, it is a fact or a platitude, not an opinion.',
        'It is controversial enough that people care how it turns out.',
        'Someone sincerely holds it. Do not write the view of the other side as you imagine it: no straw men.',
      ],
      paragraphs: [],
    },
    {
      heading: 'Is it new?',
      paragraphs: [
        'Search first. If the opinion already has a page, vote and argue there: a second page splits the votes and the arguments in two. A sharper or narrower version of an existing opinion is fine if it is a different claim.',
      ],
    },
    {
      heading: 'Is it well written?',
      items: [
        'Start general. “Cities should ban private cars from their centres” draws more voters than a statement about one street; the specific cases can follow.',
        'One claim per opinion. “X is true and we should do Y” is two opinions.',
        'Plain words, no loaded ones. A statement that insults one side tells voters how to answer.',
        `Between ${opinionTitleLimits.min} and ${opinionTitleLimits.max} characters, as a statement, not a question.`,
      ],
      paragraphs: [],
    },
    {
      heading: 'Will people come?',
      paragraphs: [
        'The opinions that grow are the ones a passionate community argues about already. If you suggest one, be willing to write the first argument For it yourself: an opinion with a good first argument gets better ones.',
        'Some suggestions wait until they have gathered enough good points in the suggestions thread. That is not a rejection: it is how the community says which debates it wants next.',
      ],
    },
  ],
};
