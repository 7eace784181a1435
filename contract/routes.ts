/**
 * The web app's routes by their names (docs/product/screens.md#routes). The React router and the
 * server (which sends the app with the right <title> and status for each of them) both read this
 * table.
 */
export const appRoutes = {
  home: '/home',
  opinionFeed: '/',
  demographics: '/settings/details',
  suggest: '/suggest',
  userProfile: '/u/:username',
  userComments: '/comments/:username',
  opinion: '/o/:slug',
  detailedOpinionReport: '/o/:slug/report',
  quiz: '/q/:slug',
  topic: '/t/:slug',
  allTopics: '/topics',
  topContributors: '/contributors',
  latestActivity: '/activity',
  dnaReport: '/reports/my-opinion-dna',
  detailedReport: '/reports/details/:name',
  detailedReportOverview: '/reports/details/:name/overview',
  cookieReset: '/cookiereset',
  emailPref: '/emailpref-iframe',
  notifications: '/notifications',
  questionFeed: '/questions',
  argFeed: '/arguments',
  /** Every kind of result for `?q=`, a page at a time (docs/decisions/081). */
  search: '/search',
  /** A question with its positions and their strongest arguments (docs/decisions/048). */
  question: '/question/:slug',
  signup: '/signup',
  login: '/login',
  passwordResetNew: '/resetpassword/set',
  trackingDummyPage: '/tracking/:name',
  notFound: '/not-found',
  // Pages outside the product's router that the app also serves (docs/product/screens.md).
  admin: '/internal/admin',
  /** Staff: the questions and their categories (docs/decisions/048). */
  questionAdmin: '/internal/admin/questions',
  newQuestion: '/internal/admin/questions/new',
  editQuestion: '/internal/admin/questions/edit/:slug',
  /** Staff: a topic's report, a CSV download; the page is what others see there (docs/decisions/072). */
  topicReport: '/internal/admin/reports/topic',
  encyclopedia: '/encyclopedia',
  categories: '/categories',
  privacy: '/privacy',
  cookies: '/cookies',
  termsOfService: '/terms-of-service',
  appSettings: '/app/settings',
  /** The member's own changes of vote, private (docs/decisions/077). */
  opinionHistory: '/app/history',
  goOpinionDna: '/go/opinion-dna',
  article: '/article/:slug',
  /** A result a member chose to share publicly (docs/decisions/041). */
  sharedReport: '/r/:token',
} as const;

export type AppRouteName = keyof typeof appRoutes;

export const productName = 'Stance';

/**
 * The id of the JSON data block after #root that carries the query cache a page was rendered
 * from on the server (docs/decisions/085).
 */
export const pageStateElementId = 'stance-state';

/**
 * The id of the `<template>` in the page's head that holds the app's scripts until the first
 * paint (web/boot.ts puts them in; docs/decisions/087).
 */
export const appCodeTemplateId = 'stance-code';

/** The share picture of a page, for link previews (og:image, twitter:image). */
export type HeadImage = { path: string; width: number; height: number; alt: string };

/** A page's head: the same for the server's HTML and the browser's document (docs/decisions/085). */
export type Head = {
  title: string;
  description?: string;
  /** Open Graph's type: an opinion is an article, everything else a website. */
  type?: 'website' | 'article';
  image?: HeadImage;
  /** Pages no search engine should list. */
  noindex?: boolean;
};

/** The description of every page without one of its own (also index.html's). */
export const defaultDescription =
  'Stance is a public encyclopedia of opinion: vote on opinions, argue for and against, and see where people stand.';

/** Titles of pages whose title does not depend on loaded data. */
const staticTitles: Partial<Record<AppRouteName, string>> = {
  home: 'Home',
  opinionFeed: 'For You',
  demographics: 'Personal details',
  suggest: 'Suggest an opinion',
  allTopics: 'All topics',
  topContributors: 'Top contributors',
  latestActivity: 'Latest activity',
  dnaReport: 'My Opinion DNA',
  cookieReset: 'Reset cookies',
  emailPref: 'E-mail preferences',
  notifications: 'Notifications',
  signup: 'Sign up',
  login: 'Log in',
  passwordResetNew: 'Set a new password',
  notFound: 'Not found',
  admin: 'Admin',
  questionAdmin: 'Questions and categories',
  newQuestion: 'New question',
  editQuestion: 'Edit question',
  topicReport: 'Topic report',
  encyclopedia: 'Encyclopedia of opinion',
  categories: 'Categories',
  privacy: 'Privacy policy',
  cookies: 'Cookie policy',
  termsOfService: 'Terms of service',
  appSettings: 'Settings',
  opinionHistory: 'Your changes of mind',
  goOpinionDna: 'Opinion DNA',
  search: 'Search',
};

/** The document title of a route; `subject` is the loaded object's title when there is one. */
export function pageTitle(
  name: AppRouteName,
  params: Record<string, string>,
  subject?: string,
): string {
  switch (name) {
    case 'userProfile':
      return `Meet ${params.username}, a contributor to civil discourse`;
    case 'userComments':
      return `Opinion activity for ${params.username}`;
    case 'questionFeed':
      return `Questions on ${productName}`;
    case 'argFeed':
      return `Arguments on ${productName}`;
    case 'opinionFeed':
      return `${productName} · the encyclopedia of opinion`;
    case 'search':
      return subject ? `${subject} · Search · ${productName}` : `Search · ${productName}`;
    case 'sharedReport':
      return subject ? `${subject} — a ${productName} result` : `A ${productName} result`;
    default: {
      const title = subject ?? staticTitles[name];
      return title ? `${title} · ${productName}` : productName;
    }
  }
}

/** Each route's pattern in segments, in the table's order (every page request matches). */
const routeSegments = (Object.entries(appRoutes) as [AppRouteName, string][]).map(
  ([name, pattern]) => [name, pattern.split('/').filter(Boolean)] as const,
);

/** Matches a path against the route table; segments are compared after URI decoding. */
export function matchAppRoute(
  pathname: string,
): { name: AppRouteName; params: Record<string, string> } | null {
  const segments = splitPath(pathname);
  if (!segments) return null;
  for (const [name, patternSegments] of routeSegments) {
    if (patternSegments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const isMatch = patternSegments.every((part, index) => {
      const segment = segments[index]!;
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment;
        return segment.length > 0;
      }
      return part === segment;
    });
    if (isMatch) return { name, params };
  }
  return null;
}

function splitPath(pathname: string): string[] | null {
  try {
    return pathname
      .replace(/\/+$/, '')
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}
