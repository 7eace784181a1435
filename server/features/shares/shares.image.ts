import { createHash } from 'node:crypto';
import { productName } from '../../../contract/routes.ts';
import type { ReportShareSnapshot } from '../../db/schema.ts';
import {
  colours,
  contentRight,
  ellipsize,
  getCachedImage,
  logoMark,
  margin,
  metricsOf,
  renderSvgToPng,
  shareImageSize,
  svgText as text,
  wrapText,
  type FontName,
} from '../seo/index.ts';

/**
 * The picture of a shared result (docs/decisions/041): 1200 × 630 like an opinion's share image
 * (docs/decisions/038), drawn with the same fonts, colours and renderer. Every entry is a bar
 * with its score, its 90 % interval shaded around the score's mark.
 */

/** What the picture shows: the frozen scores, and the username only when the member showed it. */
export type ResultImageInput = { snapshot: ReportShareSnapshot; username: string | null };

/** Changes whenever the drawing does, so that caches holding the old picture let it go. */
const drawingVersion = 1;

/** The interval's shade: the accent at a quarter strength on white. */
const intervalFill = '#c5c4ee';
const entriesBox = { top: 214, bottom: 590 };
/** Reports with more entries than this (the 48-element core) are drawn in three columns. */
const maxWideRows = 8;

/** `content` cut with an ellipsis so that it is at most `maxWidth` wide in `font` at `size`. */
function fitLine(content: string, font: FontName, size: number, maxWidth: number): string {
  const metrics = metricsOf(font);
  const fits = (line: string) => metrics.measure(line, size) <= maxWidth;
  if (fits(content)) return content;
  return ellipsize(wrapText(content, metrics, size, maxWidth), 1, fits)[0]!;
}

/** A row's name, a little smaller when that makes it fit, else cut at the smallest size. */
function fitLabel(content: string, font: FontName, maxWidth: number) {
  const metrics = metricsOf(font);
  for (const size of [24, 22, 20]) {
    if (metrics.measure(content, size) <= maxWidth) return { line: content, size };
  }
  return { line: fitLine(content, font, 20, maxWidth), size: 20 };
}

/** Where a score sits on a track, in pixels. */
const along = (left: number, width: number, score: number) =>
  left + (width * Math.min(100, Math.max(0, score))) / 100;

type Entry = ReportShareSnapshot['entries'][number];

/** A track with the middle marked, the interval shaded and the score's mark. */
function scoreBar(
  entry: Entry,
  box: { left: number; width: number; top: number; height: number; markWidth: number },
): string {
  const { left, width, top, height, markWidth } = box;
  const radius = height / 2;
  const parts = [
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" rx="${radius}" fill="${colours.track}"/>`,
    `<rect x="${Math.round(along(left, width, 50)) - 1}" y="${top - 4}" width="2" height="${height + 8}" fill="${colours.border}"/>`,
  ];
  if (entry.score === null) return parts.join('');
  if (entry.uncertainty !== null && entry.uncertainty > 0) {
    const from = along(left, width, entry.score - entry.uncertainty);
    const to = along(left, width, entry.score + entry.uncertainty);
    parts.push(
      `<rect x="${from.toFixed(1)}" y="${top}" width="${(to - from).toFixed(1)}" height="${height}" rx="${radius}" fill="${intervalFill}"/>`,
    );
  }
  const mark = along(left, width, entry.score);
  const markHeight = height + 10;
  parts.push(
    `<rect x="${(mark - markWidth / 2).toFixed(1)}" y="${top - 5}" width="${markWidth}" height="${markHeight}" rx="${markWidth / 2}" fill="${colours.accent}"/>`,
  );
  return parts.join('');
}

const scoreText = (entry: Entry) => (entry.score === null ? '–' : String(entry.score));

/** Up to eight entries: one a row, named, with the poles under the track when there is room. */
function wideRows(entries: readonly Entry[]): string[] {
  const available = entriesBox.bottom - entriesBox.top;
  const rowHeight = Math.min(66, Math.floor(available / entries.length));
  const hasPoles = rowHeight >= 53;
  const blockTop =
    entriesBox.top + Math.floor((available - rowHeight * entries.length) / 2) + (hasPoles ? 0 : 6);
  const labelWidth = 330;
  const trackLeft = margin + labelWidth + 24;
  const trackWidth = contentRight - 84 - trackLeft;
  return entries.map((entry, index) => {
    const top = blockTop + index * rowHeight;
    const font: FontName = entry.isTotal ? 'bold' : 'regular';
    const label = fitLabel(entry.name, font, labelWidth);
    const parts = [
      entry.isTotal && index > 0
        ? `<rect x="${margin}" y="${top}" width="${contentRight - margin}" height="1" fill="${colours.border}"/>`
        : '',
      text(label.line, { x: margin, y: top + 26, font, size: label.size, fill: colours.text }),
      scoreBar(entry, {
        left: trackLeft,
        width: trackWidth,
        top: top + 10,
        height: 18,
        markWidth: 10,
      }),
      text(scoreText(entry), {
        x: contentRight,
        y: top + 28,
        font: 'bold',
        size: 26,
        fill: entry.score === null ? colours.faint : colours.text,
        anchor: 'end',
      }),
    ];
    if (hasPoles) {
      const poleWidth = trackWidth / 2 - 8;
      parts.push(
        text(fitLine(entry.poles.low, 'regular', 15, poleWidth), {
          x: trackLeft,
          y: top + 47,
          font: 'regular',
          size: 15,
          fill: colours.muted,
        }),
        text(fitLine(entry.poles.high, 'regular', 15, poleWidth), {
          x: trackLeft + trackWidth,
          y: top + 47,
          font: 'regular',
          size: 15,
          fill: colours.muted,
          anchor: 'end',
        }),
      );
    }
    return parts.join('');
  });
}

/** Many entries (the 48-element core): three columns, filled one after the other. */
function compactCells(entries: readonly Entry[]): string[] {
  const columns = 3;
  const gap = 32;
  const available = entriesBox.bottom - entriesBox.top;
  const maxRows = Math.floor(available / 20);
  const capacity = columns * maxRows;
  const shown = entries.length > capacity ? entries.slice(0, capacity - 1) : entries;
  const rows = Math.ceil((shown.length + (shown.length < entries.length ? 1 : 0)) / columns);
  const rowHeight = Math.floor(available / rows);
  const columnWidth = (contentRight - margin - gap * (columns - 1)) / columns;
  const labelWidth = Math.round(columnWidth * 0.5);
  const cells = shown.map((entry, index) => {
    const column = Math.floor(index / rows);
    const row = index % rows;
    const left = margin + column * (columnWidth + gap);
    const top = entriesBox.top + row * rowHeight;
    const font: FontName = entry.isTotal ? 'bold' : 'regular';
    const trackLeft = left + labelWidth + 8;
    const trackWidth = columnWidth - labelWidth - 8 - 44;
    return [
      text(fitLine(entry.name, font, 15, labelWidth), {
        x: left,
        y: top + 15,
        font,
        size: 15,
        fill: colours.text,
      }),
      scoreBar(entry, {
        left: trackLeft,
        width: trackWidth,
        top: top + 5,
        height: 10,
        markWidth: 4,
      }),
      text(scoreText(entry), {
        x: left + columnWidth,
        y: top + 15,
        font: 'bold',
        size: 15,
        fill: entry.score === null ? colours.faint : colours.text,
        anchor: 'end',
      }),
    ].join('');
  });
  if (shown.length < entries.length) {
    const index = shown.length;
    cells.push(
      text(`+${entries.length - shown.length} more`, {
        x: margin + Math.floor(index / rows) * (columnWidth + gap),
        y: entriesBox.top + (index % rows) * rowHeight + 15,
        font: 'regular',
        size: 15,
        fill: colours.muted,
      }),
    );
  }
  return cells;
}

/** The report's title, as large as fits on one line beside the headline. */
function titleLine(title: string, maxWidth: number): { line: string; size: number } {
  const metrics = metricsOf('title');
  for (const size of [56, 50, 44, 40]) {
    if (metrics.measure(title, size) <= maxWidth) return { line: title, size };
  }
  return { line: fitLine(title, 'title', 40, maxWidth), size: 40 };
}

/** The shared result's picture as SVG. */
export function composeResultImageSvg(input: ResultImageInput): string {
  const { width, height } = shareImageSize;
  const { snapshot } = input;
  const headline = snapshot.headline ?? '';
  const headlineSize = 48;
  const headlineWidth = headline ? metricsOf('bold').measure(headline, headlineSize) + 32 : 0;
  const title = titleLine(snapshot.title, contentRight - margin - headlineWidth);
  const byline = input.username
    ? `Shared by ${input.username}`
    : `Shared by a ${productName} member`;
  const entries = snapshot.entries;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${colours.surface}"/>`,
    `<rect width="${width}" height="10" fill="${colours.accent}"/>`,
    logoMark(margin, 46, 44),
    text(productName, { x: margin + 58, y: 81, font: 'bold', size: 32, fill: colours.text }),
    text(fitLine(byline, 'regular', 24, 640), {
      x: contentRight,
      y: 79,
      font: 'regular',
      size: 24,
      fill: colours.muted,
      anchor: 'end',
    }),
    text(title.line, {
      x: margin,
      y: 172,
      font: 'title',
      size: title.size,
      fill: colours.text,
    }),
    headline
      ? text(headline, {
          x: contentRight,
          y: 170,
          font: 'bold',
          size: headlineSize,
          fill: colours.accent,
          anchor: 'end',
        })
      : '',
    `<rect x="${margin}" y="198" width="${contentRight - margin}" height="1" fill="${colours.border}"/>`,
    ...(entries.length > maxWideRows ? compactCells(entries) : wideRows(entries)),
    text('Scores 0–100: the mark is the score, the shaded band its 90 % interval', {
      x: margin,
      y: 614,
      font: 'regular',
      size: 18,
      fill: colours.faint,
    }),
    '</svg>',
  ].join('\n');
}

/**
 * What the picture draws, in a fixed order: a snapshot read back from jsonb has its keys in
 * another order than the one written, and the version must not change with it.
 */
function drawnValues({ snapshot, username }: ResultImageInput) {
  return [
    snapshot.title,
    snapshot.headline,
    username,
    snapshot.entries.map((entry) => [
      entry.name,
      entry.poles.low,
      entry.poles.high,
      entry.isTotal,
      entry.score,
      entry.uncertainty,
    ]),
  ];
}

/**
 * Names what the picture shows: the same snapshot and name give the same version. It is the
 * ETag and the `v` of the image's address, so a drawing change reaches previews at once.
 */
export function resultImageVersion(input: ResultImageInput): string {
  return createHash('sha256')
    .update(JSON.stringify([drawingVersion, drawnValues(input)]))
    .digest('base64url')
    .slice(0, 16);
}

/** The PNG of a shared result, drawn once while the share images' cache keeps it. */
export function getResultImage(
  input: ResultImageInput,
  version = resultImageVersion(input),
): Promise<Buffer> {
  return getCachedImage(`result:${version}`, () => renderSvgToPng(composeResultImageSvg(input)));
}
