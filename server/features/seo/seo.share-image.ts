import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import { productName } from '../../../contract/routes.ts';
import { escapeXml } from '../../html.ts';
import { readFontMetrics, type FontMetrics } from './seo.font-metrics.ts';
import { formatCount, voteShares, voteLabels } from './seo.standing.ts';

/** The size link previews ask for (Open Graph's and X's large card): 1.91 : 1. */
export const shareImageSize = { width: 1200, height: 630 } as const;

/** Changes whenever the drawing does, so that caches holding the old picture let it go. */
const drawingVersion = 1;

/** What a share image shows: the opinion's title and its votes per rating (1 … 5). */
export type ShareImageInput = { title: string; counts: readonly number[] };

// The fonts ship in an npm package, so every machine draws the same letters: a server without
// system fonts would otherwise draw none.
const fontDirectory = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const fontFile = (name: string) => path.join(fontDirectory, name);
export const fonts = {
  title: { family: 'DejaVu Serif', weight: 700, file: fontFile('DejaVuSerif-Bold.ttf') },
  bold: { family: 'DejaVu Sans', weight: 700, file: fontFile('DejaVuSans-Bold.ttf') },
  regular: { family: 'DejaVu Sans', weight: 400, file: fontFile('DejaVuSans.ttf') },
};
export type FontName = keyof typeof fonts;

const metricsByFont = new Map<FontName, FontMetrics>();
export function metricsOf(font: FontName): FontMetrics {
  let metrics = metricsByFont.get(font);
  if (!metrics) {
    metrics = readFontMetrics(fonts[font].file);
    metricsByFont.set(font, metrics);
  }
  return metrics;
}

/** The web app's design tokens (web/ui/tokens.css), so a preview looks like the site. */
export const colours = {
  page: '#f6f5f2',
  surface: '#ffffff',
  text: '#1d1c1a',
  muted: '#5f5d58',
  faint: '#8a877f',
  track: '#efeee9',
  accent: '#3f3cbb',
  border: '#e3e1db',
};

/** The picture's side margins, shared by every share image. */
export const margin = 72;
export const contentRight = shareImageSize.width - margin;
const titleBox = { top: 148, bottom: 352 };
/** Title sizes tried, largest first: the largest at which the whole title fits is used. */
const titleSizes = [64, 56, 50, 44, 40, 36, 32];
const barsTop = 382;
const barRowHeight = 46;
const barHeight = 26;
const labelSize = 24;

/**
 * Greedy line breaking at spaces; a word wider than a line is broken between characters. Lines
 * are measured with the font's advance widths (seo.font-metrics.ts).
 */
export function wrapText(
  text: string,
  metrics: FontMetrics,
  fontSize: number,
  maxWidth: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (candidate: string) => metrics.measure(candidate, fontSize) <= maxWidth;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const character of word) {
      if (line && !fits(line + character)) {
        lines.push(line);
        line = '';
      }
      line += character;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Cuts the last of `lines` kept so that it ends with an ellipsis and still fits. */
export function ellipsize(lines: string[], keep: number, fit: (line: string) => boolean): string[] {
  const kept = lines.slice(0, keep);
  let last = kept[keep - 1] ?? '';
  while (last && !fit(`${last}…`)) last = [...last].slice(0, -1).join('').trimEnd();
  kept[keep - 1] = `${last}…`;
  return kept;
}

/** The title's lines and size: the largest size at which it fits, else the smallest, cut. */
export function layOutTitle(title: string): { lines: string[]; fontSize: number } {
  const maxWidth = contentRight - margin;
  const metrics = metricsOf('title');
  const available = titleBox.bottom - titleBox.top;
  for (const fontSize of titleSizes) {
    const lines = wrapText(title, metrics, fontSize, maxWidth);
    if (lines.length * fontSize * 1.2 <= available) return { lines, fontSize };
  }
  const fontSize = titleSizes.at(-1)!;
  const lines = wrapText(title, metrics, fontSize, maxWidth);
  const keep = Math.floor(available / (fontSize * 1.2));
  const fit = (line: string) => metrics.measure(line, fontSize) <= maxWidth;
  return { lines: ellipsize(lines, keep, fit), fontSize };
}

/** A line of SVG text in one of the share images' fonts; the content is escaped. */
export function text(
  content: string,
  options: {
    x: number;
    y: number;
    font: FontName;
    size: number;
    fill: string;
    anchor?: 'end' | 'middle';
  },
): string {
  const font = fonts[options.font];
  const anchor = options.anchor ? ` text-anchor="${options.anchor}"` : '';
  return (
    `<text x="${options.x}" y="${options.y}" font-family="${font.family}" ` +
    `font-weight="${font.weight}" font-size="${options.size}" fill="${options.fill}"${anchor}>` +
    `${escapeXml(content)}</text>`
  );
}

/** Stance's mark (web/features/layout/components/Logo.tsx), at `size` pixels. */
export function logoMark(x: number, y: number, size: number): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${size / 32})">` +
    `<rect width="32" height="32" rx="8" fill="${colours.accent}"/>` +
    '<path d="M9 21.5 13.5 9h3.2L13 21.5z" fill="#fff"/>' +
    '<path d="M16 21.5 20.5 9h3.2L20 21.5z" fill="#fff" opacity="0.6"/></g>'
  );
}

/** The share image as SVG: the product's mark, the title, and five bars with percentages. */
export function composeShareImageSvg(input: ShareImageInput): string {
  const total = input.counts.reduce((sum, count) => sum + count, 0);
  const title = layOutTitle(input.title);
  const lineHeight = title.fontSize * 1.2;
  // The title's block is centred in its box; a baseline sits about 0.8 of the size below the
  // line's top.
  const titleTop =
    titleBox.top + (titleBox.bottom - titleBox.top - title.lines.length * lineHeight) / 2;
  const titleLines = title.lines.map((line, index) =>
    text(line, {
      x: margin,
      y: Math.round(titleTop + index * lineHeight + title.fontSize * 0.92),
      font: 'title',
      size: title.fontSize,
      fill: colours.text,
    }),
  );

  const labelWidth = Math.max(
    ...voteLabels.map((label) => metricsOf('regular').measure(label, labelSize)),
  );
  const trackLeft = Math.ceil(margin + labelWidth + 28);
  const trackRight = contentRight - 96;
  const trackWidth = trackRight - trackLeft;
  const bars = voteShares(input.counts).map((share, index) => {
    const top = barsTop + index * barRowHeight;
    const baseline = top + barHeight / 2 + labelSize * 0.36;
    const fillWidth = Math.round((trackWidth * share.percent) / 100);
    return [
      text(share.label, {
        x: margin,
        y: baseline,
        font: 'regular',
        size: labelSize,
        fill: colours.muted,
      }),
      `<rect x="${trackLeft}" y="${top}" width="${trackWidth}" height="${barHeight}" rx="6" fill="${colours.track}"/>`,
      fillWidth > 0
        ? `<rect x="${trackLeft}" y="${top}" width="${Math.max(fillWidth, 12)}" height="${barHeight}" rx="6" fill="${colours.accent}"/>`
        : '',
      text(`${share.percent}%`, {
        x: contentRight,
        y: baseline,
        font: 'bold',
        size: labelSize,
        fill: share.isChosen ? colours.text : colours.faint,
        anchor: 'end',
      }),
    ].join('');
  });

  const votes =
    total === 0 ? 'No votes yet' : `${formatCount(total)} ${total === 1 ? 'vote' : 'votes'}`;
  return shareImageFrame(votes, [
    ...titleLines,
    `<rect x="${margin}" y="${barsTop - 20}" width="${contentRight - margin}" height="1" fill="${colours.border}"/>`,
    ...bars,
  ]);
}

/**
 * The frame every share picture has: the band, the mark and name, a note at the right (an
 * opinion's vote count, a question's, a member's level) and the picture's own content.
 */
export function shareImageFrame(note: string, content: string[]): string {
  const { width, height } = shareImageSize;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${colours.surface}"/>`,
    `<rect width="${width}" height="10" fill="${colours.accent}"/>`,
    logoMark(margin, 52, 44),
    text(productName, { x: margin + 58, y: 87, font: 'bold', size: 32, fill: colours.text }),
    text(note, {
      x: contentRight,
      y: 85,
      font: 'regular',
      size: 26,
      fill: colours.muted,
      anchor: 'end',
    }),
    ...content,
    '</svg>',
  ].join('\n');
}

/** Draws an SVG as a PNG with the share images' fonts, on libuv's thread pool. */
export async function renderSvgToPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, {
    font: {
      loadSystemFonts: false,
      fontFiles: Object.values(fonts).map((font) => font.file),
      defaultFontFamily: fonts.regular.family,
    },
  });
  return image.asPng();
}

/** Draws the share image as a PNG, on libuv's thread pool: the event loop never waits for it. */
export function renderShareImage(input: ShareImageInput): Promise<Buffer> {
  return renderSvgToPng(composeShareImageSvg(input));
}

/**
 * Names what an image shows: the same title and counts give the same version. It is the ETag and
 * the `v` of the image's address in a page's head, so a link preview made after a vote fetches
 * the new picture rather than one a network cached.
 */
export function shareImageVersion(input: ShareImageInput): string {
  return createHash('sha256')
    .update(JSON.stringify([drawingVersion, input.title, input.counts]))
    .digest('base64url')
    .slice(0, 16);
}

/**
 * Rendered images by version, the most recently used kept: a new vote makes a new version, and
 * the old one ages out. 20 to 70 KB each, so the bound keeps this under ~14 MB.
 */
const maxCachedImages = 200;
const cachedImages = new Map<string, Promise<Buffer>>();

/**
 * The PNG kept under `key`, drawn by `render` when it is not: every share image (an opinion's, a
 * shared result's) shares the one bound. Keys must name what the picture shows (its version).
 */
export function getCachedImage(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  let image = cachedImages.get(key);
  if (image) {
    // Maps iterate in insertion order: put it back at the end, as the most recently used.
    cachedImages.delete(key);
  } else {
    image = render();
    image.catch(() => {
      if (cachedImages.get(key) === image) cachedImages.delete(key);
    });
  }
  cachedImages.set(key, image);
  if (cachedImages.size > maxCachedImages) cachedImages.delete(cachedImages.keys().next().value!);
  return image;
}

/** The PNG of the share image of this title and these counts, drawn once while it is cached. */
export function getShareImage(input: ShareImageInput, version = shareImageVersion(input)) {
  return getCachedImage(version, () => renderShareImage(input));
}
