import { createHash } from 'node:crypto';
import { levelForKarma } from '../../../contract/milestones.ts';
import {
  colours,
  contentRight,
  ellipsize,
  getCachedImage,
  margin,
  metricsOf,
  renderSvgToPng,
  shareImageFrame as frame,
  text,
  wrapText,
  type FontName,
} from './seo.share-image.ts';
import { formatCount } from './seo.standing.ts';

/**
 * The share images of a question's and a member's pages (issue 36): 1200 × 630 like an opinion's
 * (docs/decisions/038), with the same fonts, colours, renderer and cache. A question's shows its
 * title and its positions with their votes, as its page shows them to a visitor (who sees the
 * shares only after voting); a member's, their name, level, karma and counts.
 */

/** Changes whenever a drawing does, so that caches holding the old picture let it go. */
const drawingVersion = 1;

/** What a question's picture shows. */
export type QuestionImageInput = {
  title: string;
  /** Its live positions in order, each with its votes. */
  positions: { title: string; votes: number }[];
};

/** What a member's picture shows. */
export type ProfileImageInput = {
  username: string;
  karma: number;
  opinions: number;
  votes: number;
  comments: number;
};

/** Where a question's rows must end, above the picture's bottom margin. */
const rowsBottom = 600;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** `content` cut with an ellipsis so that it is at most `maxWidth` wide in `font` at `size`. */
function fitLine(content: string, font: FontName, size: number, maxWidth: number): string {
  const metrics = metricsOf(font);
  const fits = (line: string) => metrics.measure(line, size) <= maxWidth;
  if (fits(content)) return content;
  return ellipsize(wrapText(content, metrics, size, maxWidth), 1, fits)[0]!;
}

/** The title's lines in `box`, at the largest of `sizes` at which it fits, else cut. */
function layOutLines(
  content: string,
  sizes: readonly number[],
  maxLines: number,
): { lines: string[]; fontSize: number } {
  const metrics = metricsOf('title');
  const maxWidth = contentRight - margin;
  for (const fontSize of sizes) {
    const lines = wrapText(content, metrics, fontSize, maxWidth);
    if (lines.length <= maxLines) return { lines, fontSize };
  }
  const fontSize = sizes.at(-1)!;
  const fit = (line: string) => metrics.measure(line, fontSize) <= maxWidth;
  return {
    lines: ellipsize(wrapText(content, metrics, fontSize, maxWidth), maxLines, fit),
    fontSize,
  };
}

/** A question's picture: its title, then its positions, each with a bar of its votes. */
export function composeQuestionImageSvg(input: QuestionImageInput): string {
  const total = input.positions.reduce((sum, position) => sum + position.votes, 0);
  const title = layOutLines(input.title, [56, 48, 42, 36], 2);
  const lineHeight = title.fontSize * 1.2;
  const titleLines = title.lines.map((line, index) =>
    text(line, {
      x: margin,
      y: Math.round(140 + index * lineHeight + title.fontSize * 0.92),
      font: 'title',
      size: title.fontSize,
      fill: colours.text,
    }),
  );
  const rowsTop = 140 + title.lines.length * lineHeight + 44;
  const rowHeight = 74;
  // As many rows as fit under the title; past them, the last row says how many more there are.
  const rowsFit = Math.floor((rowsBottom - rowsTop) / rowHeight);
  const shown = input.positions.slice(
    0,
    input.positions.length > rowsFit ? rowsFit - 1 : input.positions.length,
  );
  const most = Math.max(1, ...shown.map((position) => position.votes));
  const countWidth = 190;
  const rows = shown.map((position, index) => {
    const top = rowsTop + index * rowHeight;
    const barWidth = contentRight - margin;
    const fill = Math.round((barWidth * position.votes) / most);
    return [
      text(fitLine(position.title, 'bold', 28, barWidth - countWidth), {
        x: margin,
        y: Math.round(top + 28),
        font: 'bold',
        size: 28,
        fill: colours.text,
      }),
      text(plural(position.votes, 'vote'), {
        x: contentRight,
        y: Math.round(top + 28),
        font: 'regular',
        size: 24,
        fill: colours.muted,
        anchor: 'end',
      }),
      `<rect x="${margin}" y="${Math.round(top + 42)}" width="${barWidth}" height="14" rx="5" fill="${colours.track}"/>`,
      fill > 0
        ? `<rect x="${margin}" y="${Math.round(top + 42)}" width="${Math.max(fill, 10)}" height="14" rx="5" fill="${colours.accent}"/>`
        : '',
    ].join('');
  });
  const hidden = input.positions.length - shown.length;
  const more =
    hidden > 0
      ? [
          text(`and ${plural(hidden, 'more position')}`, {
            x: margin,
            y: Math.round(rowsTop + shown.length * rowHeight + 28),
            font: 'regular',
            size: 24,
            fill: colours.muted,
          }),
        ]
      : [];
  const empty =
    input.positions.length === 0
      ? [
          text('No positions yet', {
            x: margin,
            y: Math.round(rowsTop + 28),
            font: 'regular',
            size: 28,
            fill: colours.muted,
          }),
        ]
      : [];
  const note = `${plural(input.positions.length, 'position')} · ${total === 0 ? 'no votes yet' : plural(total, 'vote')}`;
  return frame(note, [
    `<rect x="${margin}" y="${Math.round(rowsTop - 22)}" width="${contentRight - margin}" height="1" fill="${colours.border}"/>`,
    ...titleLines,
    ...rows,
    ...more,
    ...empty,
  ]);
}

/** A member's picture: their name, level and karma, and what they have written and cast. */
export function composeProfileImageSvg(input: ProfileImageInput): string {
  const level = levelForKarma(input.karma);
  const name = layOutLines(input.username, [72, 60, 48], 1);
  const stats: [number, string][] = [
    [input.opinions, input.opinions === 1 ? 'opinion' : 'opinions'],
    [input.votes, input.votes === 1 ? 'vote' : 'votes'],
    [input.comments, input.comments === 1 ? 'comment' : 'comments'],
  ];
  const boxGap = 24;
  const boxWidth = (contentRight - margin - boxGap * 2) / 3;
  const boxTop = 380;
  const boxes = stats.map(([count, label], index) => {
    const x = Math.round(margin + index * (boxWidth + boxGap));
    return [
      `<rect x="${x}" y="${boxTop}" width="${Math.round(boxWidth)}" height="170" rx="14" fill="${colours.page}" stroke="${colours.border}"/>`,
      text(formatCount(count), {
        x: Math.round(x + boxWidth / 2),
        y: boxTop + 92,
        font: 'bold',
        size: 56,
        fill: colours.text,
        anchor: 'middle',
      }),
      text(label, {
        x: Math.round(x + boxWidth / 2),
        y: boxTop + 136,
        font: 'regular',
        size: 26,
        fill: colours.muted,
        anchor: 'middle',
      }),
    ].join('');
  });
  return frame('A contributor to civil discourse', [
    text(name.lines[0]!, {
      x: margin,
      y: 160 + Math.round(name.fontSize * 0.92),
      font: 'title',
      size: name.fontSize,
      fill: colours.text,
    }),
    text(`Level ${level.number} · ${level.name} · ${plural(input.karma, 'karma', 'karma')}`, {
      x: margin,
      y: 318,
      font: 'regular',
      size: 32,
      fill: colours.accent,
    }),
    ...boxes,
  ]);
}

function versionOf(kind: string, values: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([drawingVersion, kind, values]))
    .digest('base64url')
    .slice(0, 16);
}

/** Names what a question's picture shows: its ETag. */
export function questionImageVersion(input: QuestionImageInput): string {
  return versionOf('question', input);
}

/** Names what a member's picture shows: its ETag. */
export function profileImageVersion(input: ProfileImageInput): string {
  return versionOf('profile', input);
}

/** The PNG of a question's picture, drawn once while the share images' cache keeps it. */
export function getQuestionImage(input: QuestionImageInput, version = questionImageVersion(input)) {
  return getCachedImage(`question:${version}`, () =>
    renderSvgToPng(composeQuestionImageSvg(input)),
  );
}

/** The PNG of a member's picture, drawn once while the share images' cache keeps it. */
export function getProfileImage(input: ProfileImageInput, version = profileImageVersion(input)) {
  return getCachedImage(`profile:${version}`, () => renderSvgToPng(composeProfileImageSvg(input)));
}
