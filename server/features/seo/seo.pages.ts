import type { Comment } from '../../../contract/comments.ts';
import type { Opinion } from '../../../contract/entities.ts';
import { levelForKarma } from '../../../contract/milestones.ts';
import { profileImageUrl, type Profile, type ProfileComment } from '../../../contract/people.ts';
import { pageTitle, productName } from '../../../contract/routes.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http.ts';
import { cachesPerDatabase, createReadCache } from '../../read-cache.ts';
import { listThread, toPlainExcerpt } from '../comments/comments.service.ts';
import { getTopicFeed, listFeed } from '../feed/feed.service.ts';
import { describeStanding } from '../opinions/opinions.service.ts';
import { listUserComments } from '../people/people.service.ts';
import { loadSharedReportPage } from '../shares/index.ts';
import { serverFeedElementId } from '../../../contract/opinions.base.ts';
import { needsScriptNotice, pageFrame, path, text, type ServerPage } from './seo.markup.ts';
import { getOpinionStanding } from './seo.service.ts';
import { shareImageVersion } from './seo.share-image.ts';
import { formatCount, voteShares } from './seo.standing.ts';

export type { ServerPage } from './seo.markup.ts';

/** The description of every page without one of its own (also index.html's). */
export const defaultDescription =
  'Stance is a public encyclopedia of opinion: vote on opinions, argue for and against, and see where people stand.';

/** The texts for a missing page and a removed one (docs/product/errors.md#page-states). */
const notFoundText = 'Not found. The URL you entered may be invalid.';
const removedText = 'This content has been removed';

/** How many arguments an opinion page shows, and how many comments a profile. */
const argumentsShown = 5;
const profileCommentsShown = 5;

const responseTypeLabels: Record<string, string> = {
  pro: 'For',
  con: 'Against',
  neutral: 'Mixed',
  commentary: 'Commentary',
};

const plural = (count: number, singular: string, pluralForm = `${singular}s`) =>
  `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;

/** At most `limit` characters of plain text, cut at a word with an ellipsis. */
function shorten(plain: string, limit: number): string {
  const flat = plain.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  return `${flat.slice(0, limit - 1).replace(/\s+\S*$/, '')}…`;
}

/** The Not found page, with the product's text (docs/product/errors.md), for every 404. */
export function notFoundPage(): ServerPage {
  return {
    title: pageTitle('notFound', {}),
    status: 404,
    description: defaultDescription,
    type: 'website',
    body: pageFrame(
      `<section class="ssr-card"><h1 class="ssr-title">Not found</h1><p>${notFoundText}</p>` +
        '<p><a href="/">Read the opinions on the feed</a></p></section>',
    ),
  };
}

function removedPage(params: Record<string, string>): ServerPage {
  return {
    title: pageTitle('opinion', params, removedText),
    status: 410,
    description: defaultDescription,
    type: 'website',
    body: pageFrame(
      `<section class="ssr-card"><h1 class="ssr-title">${removedText}</h1>` +
        '<p><a href="/">Read the opinions on the feed</a></p></section>',
    ),
  };
}

/** Runs a page's loader; the 404 (and 410) its service answers become those pages. */
async function orMissingPage(
  load: () => Promise<ServerPage>,
  params: Record<string, string>,
): Promise<ServerPage> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return notFoundPage();
    if (error instanceof HttpError && error.statusCode === 410) return removedPage(params);
    throw error;
  }
}

function renderTopicChips(opinion: Opinion): string {
  if (opinion.Topics.length === 0) return '';
  const chips = opinion.Topics.map(
    (topic) => `<li><a href="${path('/t/', topic.Slug)}">${text(topic.Title)}</a></li>`,
  );
  return `<ul class="ssr-chips" aria-label="Topics">${chips.join('')}</ul>`;
}

function renderStanding(counts: readonly number[], numVotes: number): string {
  const rows = voteShares(counts).map(
    (share) =>
      `<li><span>${share.label}</span>` +
      `<span class="ssr-track"><span class="ssr-fill" style="width:${share.percent}%"></span></span>` +
      `<span class="ssr-value">${share.percent}%</span></li>`,
  );
  const summary = numVotes === 0 ? '<p class="ssr-muted">Nobody has voted yet.</p>' : '';
  return (
    '<section class="ssr-standing" aria-labelledby="ssr-standing">' +
    '<h2 id="ssr-standing">Where people stand</h2>' +
    `${summary}<ol class="ssr-bars" aria-label="Vote distribution">${rows.join('')}</ol></section>`
  );
}

function renderArgument(comment: Comment): string {
  const side = responseTypeLabels[comment.ResponseType];
  const meta = [
    `<a href="${path('/u/', comment.UsernameCased)}">${text(comment.UsernameCased)}</a>`,
    side,
    plural(comment.LikeNum, 'good point'),
  ].filter(Boolean);
  // Body is HTML the comments feature rendered from Markdown through its allow-list sanitizer
  // when the comment was written (comments.markdown.ts); it is inserted as the app inserts it.
  return (
    `<li><article><p class="ssr-muted">${meta.join(' · ')}</p>` +
    `<div class="ssr-comment">${comment.Body}</div></article></li>`
  );
}

function renderOpinionBody(opinion: Opinion, counts: readonly number[], thread: Comment[]) {
  const byline = opinion.AuthorUsername
    ? `<p class="ssr-muted">Opinion by <a href="${path('/u/', opinion.AuthorUsername)}">` +
      `${text(opinion.AuthorUsername)}</a></p>`
    : '';
  const insight = opinion.Tidbit
    ? `<aside class="ssr-insight" aria-label="Insight"><p>${text(opinion.Tidbit.Desc)}</p></aside>`
    : '';
  const card =
    '<article class="ssr-card">' +
    renderTopicChips(opinion) +
    `<h1 class="ssr-title">${text(opinion.Title)}</h1>` +
    byline +
    `<p class="ssr-muted">${plural(opinion.NumVotes, 'vote')} · ` +
    `${plural(opinion.NumComments, 'comment')}</p>` +
    insight +
    renderStanding(counts, opinion.NumVotes) +
    needsScriptNotice +
    '</article>';
  const topArguments = thread.filter((comment) => !comment.Deleted).slice(0, argumentsShown);
  const argumentsSection =
    topArguments.length === 0
      ? ''
      : '<section class="ssr-card" aria-labelledby="ssr-arguments">' +
        '<h2 id="ssr-arguments">Top arguments</h2>' +
        `<ol class="ssr-list">${topArguments.map(renderArgument).join('')}</ol></section>`;
  return pageFrame(card + argumentsSection);
}

async function loadOpinionPage(db: Db, params: Record<string, string>): Promise<ServerPage> {
  const { opinion, counts } = await getOpinionStanding(db, params.slug!);
  const thread = await listThread(db, {
    threadID: String(opinion.ArtifactID),
    sort: 'score',
    viewer: null,
  });
  const version = shareImageVersion({ title: opinion.Title, counts });
  return {
    title: pageTitle('opinion', params, opinion.Title),
    status: 200,
    description: describeStanding(counts),
    type: 'article',
    body: renderOpinionBody(opinion, counts, thread),
    opinionIds: [opinion.ArtifactID],
    image: {
      path: `/og/opinion/${encodeURIComponent(opinion.Slug)}.png?v=${version}`,
      alt: `How people voted on “${opinion.Title}”`,
      width: 1200,
      height: 630,
    },
  };
}

/** 'Title' from 'title', as the web app shows topic titles (docs/product/screens.md). */
const capitalizeFirst = (title: string) => title.charAt(0).toLocaleUpperCase() + title.slice(1);

function renderOpinionListItem(opinion: Opinion): string {
  return (
    `<li><article><h3><a href="${path('/o/', opinion.Slug)}">${text(opinion.Title)}</a></h3>` +
    `<p class="ssr-muted">${plural(opinion.NumVotes, 'vote')} · ` +
    `${plural(opinion.NumComments, 'comment')}</p></article></li>`
  );
}

async function loadTopicPage(db: Db, params: Record<string, string>): Promise<ServerPage> {
  const { Topic: topic, Opinions: opinions } = await getTopicFeed(
    db,
    params.slug!,
    undefined,
    null,
  );
  const title = capitalizeFirst(topic.Title);
  const intro = topic.Description ? `<p>${text(topic.Description)}</p>` : '';
  const list =
    opinions.length === 0
      ? '<p>No opinions here yet.</p>'
      : `<ol class="ssr-list">${opinions.map(renderOpinionListItem).join('')}</ol>`;
  return {
    title: pageTitle('topic', params, topic.Title),
    status: 200,
    description:
      topic.Description ||
      `Opinions about ${topic.Title} on ${productName}: vote on each, argue for or against, and see where people stand.`,
    type: 'website',
    body: pageFrame(
      `<section class="ssr-card"><h1 class="ssr-title">${text(title)}</h1>${intro}` +
        `<p class="ssr-muted">${plural(topic.NumOpinions, 'opinion')} · ` +
        `${plural(topic.NumFollowers, 'follower')}</p></section>` +
        `<section class="ssr-card" aria-labelledby="ssr-opinions"><h2 id="ssr-opinions">Opinions</h2>` +
        `${list}</section>`,
    ),
    opinionIds: opinions.map((opinion) => opinion.ArtifactID),
  };
}

function renderFeedCard(opinion: Opinion): string {
  return (
    '<li><article class="ssr-card">' +
    renderTopicChips(opinion) +
    `<h2 class="ssr-card-title"><a href="${path('/o/', opinion.Slug)}">${text(opinion.Title)}</a></h2>` +
    `<p class="ssr-muted">${plural(opinion.NumVotes, 'vote')} · ` +
    `<a href="${path('/o/', opinion.Slug)}#comments">${plural(opinion.NumComments, 'comment')}</a></p>` +
    '</article></li>'
  );
}

/**
 * The For You feed as a visitor gets it: its first page of opinion cards, readable before any
 * script runs, and the same page as the feed call's JSON for the app to start from, so that the
 * app shows it at once instead of asking again (docs/decisions/046-the-feed-painted-by-the-server.md).
 */
async function loadFeedPage(db: Db): Promise<ServerPage> {
  const feed = await listFeed(db, { viewer: null, after: undefined });
  const list =
    feed.Opinions.length === 0
      ? '<section class="ssr-card"><p>No opinions here yet.</p></section>'
      : `<ol class="ssr-feed" aria-label="Opinions">${feed.Opinions.map(renderFeedCard).join('')}</ol>`;
  return {
    title: pageTitle('opinionFeed', {}),
    status: 200,
    description: defaultDescription,
    type: 'website',
    body: pageFrame(`<h1 class="visually-hidden">For You</h1>${list}${needsScriptNotice}`),
    opinionIds: feed.Opinions.map((opinion) => opinion.ArtifactID),
    data: { id: serverFeedElementId, value: feed },
  };
}

const joinedFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function renderProfileComment(comment: ProfileComment): string {
  return (
    `<li><article><h3><a href="${text(comment.Link)}">${text(comment.OpinionTitle)}</a></h3>` +
    `<p>${text(toPlainExcerpt(comment.Body, 280))}</p></article></li>`
  );
}

function renderProfileBody(profile: Profile, comments: ProfileComment[]): string {
  const level = levelForKarma(profile.Karma);
  const facts = [
    profile.Location,
    `Joined ${joinedFormat.format(new Date(profile.Joined))}`,
  ].filter(Boolean);
  const figures = [
    [profile.OpinionsTotal, 'opinion', 'opinions'],
    [profile.NumVotes, 'vote', 'votes'],
    [profile.NumComments, 'comment', 'comments'],
    [profile.NumCommentLikes, 'good point received', 'good points received'],
  ] as const;
  const figureList = figures
    .map(
      ([count, singular, pluralForm]) =>
        `<div><dt>${count === 1 ? singular : pluralForm}</dt><dd>${formatCount(count)}</dd></div>`,
    )
    .join('');
  const about = [
    profile.FullName ? `<p>${text(profile.FullName)}</p>` : '',
    `<p class="ssr-muted">${text(facts.join(' · '))}</p>`,
    `<p class="ssr-muted">Level ${level.number} · ${text(level.name)} · ` +
      `${plural(profile.Karma, 'karma', 'karma')}</p>`,
  ].join('');
  const header =
    '<section class="ssr-card"><div class="ssr-profile">' +
    `<img src="${text(profileImageUrl(profile.UsernameCased, 96))}" width="96" height="96" alt="">` +
    `<div><h1 class="ssr-title">${text(profile.UsernameCased)}</h1>${about}</div></div>` +
    (profile.Bio ? `<p class="ssr-bio">${text(profile.Bio)}</p>` : '') +
    (profile.Expertise ? `<p><strong>Expertise:</strong> ${text(profile.Expertise)}</p>` : '') +
    `<dl class="ssr-figures ssr-muted">${figureList}</dl></section>`;
  const shown = comments.slice(0, profileCommentsShown);
  const latest =
    shown.length === 0
      ? ''
      : '<section class="ssr-card" aria-labelledby="ssr-comments">' +
        '<h2 id="ssr-comments">Latest comments</h2>' +
        `<ol class="ssr-list">${shown.map(renderProfileComment).join('')}</ol>` +
        `<p><a href="${path('/comments/', profile.UsernameCased)}">` +
        `All comments by ${text(profile.UsernameCased)}</a></p></section>`;
  return pageFrame(header + latest);
}

async function loadProfilePage(db: Db, params: Record<string, string>): Promise<ServerPage> {
  const { Profile: profile, Comments: comments } = await listUserComments(
    db,
    params.username!,
    undefined,
  );
  const username = profile.UsernameCased;
  const summary =
    `${username} on ${productName}: ${plural(profile.OpinionsTotal, 'opinion')}, ` +
    `${plural(profile.NumVotes, 'vote')} and ${plural(profile.NumComments, 'comment')}.`;
  return {
    title: pageTitle('userProfile', { username }),
    status: 200,
    description: profile.Bio ? `${summary} ${shorten(profile.Bio, 160)}` : summary,
    type: 'website',
    body: renderProfileBody(profile, comments),
  };
}

const loaders = {
  opinionFeed: loadFeedPage,
  opinion: loadOpinionPage,
  topic: loadTopicPage,
  userProfile: loadProfilePage,
  sharedReport: loadSharedReportPage,
};

/**
 * Pages read afresh for every request: a shared result is one look-up by its key, and once its
 * member stops sharing it, it must be gone at once (docs/decisions/041).
 */
const uncachedRoutes: ReadonlySet<ServerRenderedRoute> = new Set(['sharedReport']);

export type ServerRenderedRoute = keyof typeof loaders;

export function isServerRendered(name: string): name is ServerRenderedRoute {
  return Object.hasOwn(loaders, name);
}

/**
 * Pages are kept for the read cache's time (READ_CACHE_MS, docs/decisions/014) like the reads
 * they are made of: a page every visitor gets alike is built once per few seconds, not once per
 * request.
 */
const pageCaches = cachesPerDatabase(
  (ttlMs, clock) => ({
    pages: createReadCache<ServerPage>({ ttlMs, maxEntries: 2_000, clock }),
  }),
  {
    // A page shows its opinions' comment counts and arguments; their vote counts may lag by
    // READ_CACHE_MS like every shared read's (docs/decisions/043).
    onChange: (caches, change) => {
      if (change.on !== 'opinion' || change.what === 'votes') return;
      caches.pages.deleteWhere((page) => page.opinionIds?.includes(change.id) ?? false);
    },
  },
);

/**
 * The server-rendered page of an opinion, a topic, a profile or a shared result, as a visitor
 * sees it.
 */
export function renderServerPage(
  db: Db,
  route: ServerRenderedRoute,
  params: Record<string, string>,
): Promise<ServerPage> {
  const load = () => orMissingPage(() => loaders[route](db, params), params);
  if (uncachedRoutes.has(route)) return load();
  const key = `${route}\n${JSON.stringify(params)}`;
  return pageCaches(db).pages.get(key, load);
}
