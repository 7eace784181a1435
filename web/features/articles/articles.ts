import {
  awardFamilies,
  awardThresholds,
  awardTitle,
  levels,
  type AwardFamily,
} from '../../../contract/milestones.ts';
import { formatCount } from '../../ui/format.ts';
import { caseExamples, newsletter, opinionLab, opinionSelectionGuide, podcast } from './guides.ts';
import { privacy, terms } from './policies.ts';

/**
 * The short articles under /article/{slug} and the policy pages. Plain data: a title, a
 * standfirst and sections of paragraphs, whose text may carry `[label](/path)` links inside Stance
 * and `{contact}`, the site's contact address (ArticleView renders both).
 */
export type Article = {
  title: string;
  standfirst: string;
  /** `items`, when present, follow the paragraphs as a list. */
  sections: { heading?: string; paragraphs: string[]; items?: string[] }[];
};

export const articles: Record<string, Article> = {
  'about-us': {
    title: 'About Stance',
    standfirst: 'Stance is a public encyclopedia of opinion: what people think, and why.',
    sections: [
      {
        paragraphs: [
          'Most arguments online are shouting matches. Stance tries something calmer. Every opinion gets a page. Anyone can vote on it on a five-point scale, from Strongly Agree to Strongly Disagree, and members write the strongest case for and against.',
          'Over time each page becomes a record of where people stand on a question and the reasons they give, organised by topic so it can be browsed like an encyclopedia.',
        ],
      },
      {
        heading: 'Opinion DNA',
        paragraphs: [
          'Your votes and short quizzes build your Opinion DNA: a profile of 48 elements of personality, values and ways of thinking, compared with everyone else who has taken part.',
        ],
      },
      {
        heading: 'Who runs it',
        paragraphs: [
          'Stance is run by a small independent team. We are funded by members who upgrade to the full Opinion DNA, not by advertising, and we do not sell personal data.',
        ],
      },
    ],
  },
  rules: {
    title: 'The rules of Stance',
    standfirst: 'Disagree as much as you like. Do it well.',
    sections: [
      {
        paragraphs: [
          'Argue against ideas, not people. Personal attacks, harassment and slurs are removed.',
          'Make the best case you can. Give reasons and, where you can, evidence. Represent the other side fairly: no straw men.',
          'Stay on topic. A comment belongs under the opinion it discusses.',
          'One person, one account. Vote and comment honestly; coordinated voting and sock puppets are removed.',
          'No spam, advertising or illegal content.',
        ],
      },
      {
        heading: 'Moderation',
        paragraphs: [
          'Members can report a comment. Moderators review reports and may remove content or suspend accounts that break these rules. Removed comments leave a visible placeholder, so threads stay readable.',
        ],
      },
    ],
  },
  'levels-awards': levelsAndAwardsArticle(),
  cookies: {
    title: 'Cookie policy',
    standfirst: 'Stance uses as few cookies as it can.',
    sections: [
      {
        heading: 'Essential',
        paragraphs: [
          'A session cookie keeps you signed in, for up to 14 days without use and at most 30 days after you logged in. While you sign up or log in with a code, a cookie ties the code to your browser for 15 minutes, and once you have signed in, a cookie remembers this browser for a year, so that the limits on login attempts hold back others and not you. Your browser also remembers your cookie choice. These are needed for the site to work and are always on.',
        ],
      },
      {
        heading: 'Third parties',
        paragraphs: [
          'Stance loads no third-party cookies today. If we ever add a service that sets them, it will only run if you allow third parties in the cookie settings.',
          'You can change your choice at any time on the cookie settings page.',
        ],
      },
    ],
  },
  privacy,
  terms,
  newsletter,
  'case-examples': caseExamples,
  'opinion-lab': opinionLab,
  podcast,
  'opinion-selection-guide': opinionSelectionGuide,
};

/** Route paths outside /article that show one of the articles. */
export const policyArticleSlugs = {
  privacy: 'privacy',
  cookies: 'cookies',
  termsOfService: 'terms',
} as const;

/** Built from contract/milestones.ts, so the page always shows the thresholds the server uses. */
function levelsAndAwardsArticle(): Article {
  const awardSectionHeadings: Record<AwardFamily, string> = {
    votes: 'Vote awards',
    comments: 'Comment awards',
    goodPoints: 'Good point awards',
    minds: 'Minds changed awards',
  };
  return {
    title: 'Levels and awards',
    standfirst: 'Recognition for people who make Stance better.',
    sections: [
      {
        paragraphs: [
          'Every member has a level from 1 to 7 and can earn awards. Both are shown on your profile, and each new level or award arrives as a notification, once.',
          'Levels follow your karma. You earn 2 karma for each comment you write and 5 for each good point another member gives one of your comments. Votes earn no karma: a level rewards arguing well, not clicking. Deleting a comment takes its karma away again.',
        ],
      },
      {
        heading: 'Levels',
        paragraphs: ['The karma each level needs:'],
        items: levels.map(
          (level) =>
            `Level ${level.number}, ${level.name}: ${level.minKarma === 0 ? 'where everyone starts' : `${formatCount(level.minKarma)} karma`}`,
        ),
      },
      ...awardFamilies.map((family) => ({
        heading: awardSectionHeadings[family],
        paragraphs: [
          family === 'votes'
            ? 'Votes on opinions count; answers to Opinion DNA quizzes stay private and do not.'
            : family === 'comments'
              ? 'Comments and replies count while they are live.'
              : 'Good points other members give your comments count while the comment is live.',
        ],
        items: awardThresholds[family].map((threshold) =>
          awardTitle(family, threshold, formatCount),
        ),
      })),
      {
        heading: 'Once earned, kept',
        paragraphs: [
          'An award stays on your profile once you have earned it, even if a comment behind it is later deleted. Your level always reflects your karma today.',
        ],
      },
    ],
  };
}
