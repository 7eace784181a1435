import { pageTitle, productName } from '../../../contract/routes.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http.ts';
import { pageFrame, path, shareImageSize, text, type ServerPage } from '../seo/index.ts';
import {
  getSharedResult,
  quizSlugOfReport,
  removedShareText,
  type Shared,
} from './shares.service.ts';

/**
 * `/r/{token}` as the server sends it (docs/decisions/038's mechanism): the head names the
 * result and its picture, so a shared link previews with the card; #root holds the scores as
 * plain HTML until the app takes over. An unknown token is the Not found page (404); a revoked
 * one says that its member removed it (410).
 */

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** At most `limit` characters, cut at a word with an ellipsis. */
function shorten(plain: string, limit: number): string {
  if (plain.length <= limit) return plain;
  return `${plain.slice(0, limit - 1).replace(/\s+\S*$/, '')}…`;
}

const whoShared = (shared: Shared) => shared.Username ?? `A ${productName} member`;

function describe(shared: Shared): string {
  const scores = shared.Entries.filter((entry) => entry.Score !== null)
    .map((entry) => `${entry.Name} ${entry.Score}`)
    .join(', ');
  const headline = shared.Headline ? ` (${shared.Headline})` : '';
  return shorten(
    `${whoShared(shared)}'s ${shared.Title} result${headline} on ${productName}: ${scores}. ` +
      'Take the quiz yourself.',
    200,
  );
}

function renderBody(shared: Shared): string {
  const rows = shared.Entries.map((entry) => {
    const value =
      entry.Score === null
        ? '–'
        : entry.Uncertainty === null
          ? String(entry.Score)
          : `${entry.Score} ± ${Math.round(entry.Uncertainty)}`;
    const name = entry.IsTotal ? `<strong>${text(entry.Name)}</strong>` : text(entry.Name);
    return (
      `<li><span>${name}<br><span class="ssr-muted">${text(entry.Poles.Low)} – ` +
      `${text(entry.Poles.High)}</span></span>` +
      `<span class="ssr-track"><span class="ssr-fill" style="width:${entry.Score ?? 0}%"></span></span>` +
      `<span class="ssr-value">${value}</span></li>`
    );
  });
  const headline = shared.Headline ? `<p><strong>${text(shared.Headline)}</strong></p>` : '';
  return pageFrame(
    '<article class="ssr-card">' +
      `<p class="ssr-muted">${text(whoShared(shared))} · Shared on ` +
      `${dateFormat.format(new Date(shared.Created))}</p>` +
      `<h1 class="ssr-title">${text(shared.Title)}</h1>${headline}` +
      `<ol class="ssr-bars" aria-label="Scores">${rows.join('')}</ol>` +
      '<p class="ssr-muted">Scores run from 0 to 100; ± is the 90 % interval.</p>' +
      `<p><a href="${path('/q/', quizSlugOfReport(shared.Name))}">Take the quiz yourself</a></p>` +
      '</article>',
  );
}

function removedPage(params: Record<string, string>): ServerPage {
  return {
    title: pageTitle('sharedReport', params),
    status: 410,
    description: removedShareText,
    type: 'website',
    noindex: true,
    body: pageFrame(
      `<section class="ssr-card"><h1 class="ssr-title">${removedShareText}</h1>` +
        '<p><a href="/">Read the opinions on the feed</a></p></section>',
    ),
  };
}

/** The page of a shared result; a 404 from the service is left to become the Not found page. */
export async function loadSharedReportPage(
  db: Db,
  params: Record<string, string>,
): Promise<ServerPage> {
  let shared: Shared;
  try {
    shared = await getSharedResult(db, params.token ?? '');
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 410) return removedPage(params);
    throw error;
  }
  return {
    title: pageTitle('sharedReport', params, shared.Title),
    status: 200,
    description: describe(shared),
    type: 'website',
    body: renderBody(shared),
    noindex: true,
    image: {
      path: shared.ImageUrl,
      alt: `${shared.Title}: ${whoShared(shared)}'s scores, each with its 90 % interval`,
      ...shareImageSize,
    },
  };
}
