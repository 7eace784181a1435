import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import {
  bandRanges,
  bands,
  bandsOfText,
  type BandText,
} from '../../../contract/report-readings.ts';
import { reportNames } from '../../../contract/reports.base.ts';
import { getInstrumentContent, type InstrumentContent, type Report } from '../instruments/index.ts';
import { scoringFormula } from '../reports/reports.service.ts';

/*
 * The ebook: the Opinion DNA manual, made from the same content the quizzes and reports use
 * (content/instruments), so it can never describe a statement or a text the product does not
 * have. Every report, element and total with its poles and texts, every statement with its
 * keying, every quiz, the scoring formula and the sources (docs/decisions/049).
 */

const fontDirectory = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
// DejaVu has every character the content uses (−, ’, ×, √, …), which PDF's built-in fonts lack.
const fonts = {
  body: path.join(fontDirectory, 'DejaVuSerif.ttf'),
  italic: path.join(fontDirectory, 'DejaVuSerif-Italic.ttf'),
  heading: path.join(fontDirectory, 'DejaVuSans-Bold.ttf'),
  label: path.join(fontDirectory, 'DejaVuSans.ttf'),
};

const accent = '#1f5f8b';
const muted = '#555555';
const pageMargin = 54;

/**
 * The heading of each of an element's three texts: the bands that read it and their scores,
 * from the product's five bands (contract/report-readings.ts), e.g. "VERY LOW and LOW (0–40)".
 */
export const textHeadings: readonly (readonly [BandText, string])[] = (
  ['low', 'middle', 'high'] as const
).map((text) => {
  const { bands: of, range } = bandsOfText(text);
  return [text, `${of.join(' and ')} (${range[0]}–${range[1]})`] as const;
});

/** How the manual tells a reader to read the bands, the texts, the intervals and the letters. */
export const readingGuide =
  `Every score falls in one of five bands: ` +
  bands.map((band) => `${bandRanges[band][0]}–${bandRanges[band][1]} ${band}`).join(', ') +
  `. Every element has three texts: ` +
  textHeadings.map(([, heading]) => `one for ${heading}`).join(', ') +
  `; your report reads the text of your score’s band. Each score comes with its 90 % interval, ` +
  `the range where it most likely lies, and where that interval reaches another band your ` +
  `report says so beside the band (“HIGH, could be MEDIUM”) rather than changing it. A ` +
  `sixteen-type letter is the pole your score is on, X only at exactly 50, marked clear when ` +
  `the whole interval is on that side and slight when it reaches the other.`;

export const ebookTitle = 'Opinion DNA: the Stance manual';

let cached: Promise<Buffer> | null = null;

/**
 * The ebook's bytes. Made once per process on first request and kept: the content cannot change
 * while the server runs, and making it takes about a second of CPU (docs/decisions/049).
 */
export function getEbook(): Promise<Buffer> {
  cached ??= renderEbook(getInstrumentContent()).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** Renders the manual for `content` as a PDF. */
export function renderEbook(content: InstrumentContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: pageMargin,
    bufferPages: true,
    info: {
      Title: ebookTitle,
      Author: 'Stance',
      Subject: 'Every Opinion DNA report, element and statement, and how each score is made',
    },
    lang: 'en',
    displayTitle: true,
  });
  doc.registerFont('body', fonts.body);
  doc.registerFont('italic', fonts.italic);
  doc.registerFont('heading', fonts.heading);
  doc.registerFont('label', fonts.label);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const reports = reportNames.map((name) => content.reports[name]);
  writeCover(doc, content, reports);
  doc.addPage();
  const contentsPage = doc.bufferedPageRange().count - 1;
  const starts: { title: string; page: number }[] = [];
  doc.addPage();
  starts.push({ title: 'How to read this manual', page: currentPage(doc) });
  writeHowToRead(doc, content);
  for (const report of reports) {
    doc.addPage();
    starts.push({ title: report.title, page: currentPage(doc) });
    writeReport(doc, report);
  }
  writeContents(doc, contentsPage, starts);
  writePageNumbers(doc);
  doc.end();
  return finished;
}

function currentPage(doc: PDFKit.PDFDocument): number {
  return doc.bufferedPageRange().count - 1;
}

function heading(doc: PDFKit.PDFDocument, text: string, size: number, color = '#111111') {
  doc
    .font('heading')
    .fontSize(size)
    .fillColor(color)
    .text(text, { paragraphGap: size * 0.4 });
}

function paragraph(doc: PDFKit.PDFDocument, text: string, options: PDFKit.Mixins.TextOptions = {}) {
  doc
    .font('body')
    .fontSize(9.5)
    .fillColor('#111111')
    .text(text, { align: 'left', lineGap: 2, paragraphGap: 6, ...options });
}

function label(doc: PDFKit.PDFDocument, text: string) {
  doc
    .font('label')
    .fontSize(8)
    .fillColor(muted)
    .text(text.toUpperCase(), { characterSpacing: 0.6 });
}

function writeCover(doc: PDFKit.PDFDocument, content: InstrumentContent, reports: Report[]) {
  const elements = reports.reduce((sum, report) => sum + report.elements.length, 0);
  doc.moveDown(6);
  heading(doc, 'Opinion DNA', 30, accent);
  heading(doc, 'The Stance manual', 16);
  doc.moveDown(1);
  paragraph(
    doc,
    'Every report, every element and every statement of the Opinion DNA, what each score ' +
      'means, and exactly how it is computed from your answers.',
  );
  doc.moveDown(2);
  label(
    doc,
    `${reports.length} reports · ${elements} elements · ${content.items.size} statements · ` +
      `${Object.keys(content.quizzes).length} quizzes`,
  );
}

function writeContents(
  doc: PDFKit.PDFDocument,
  page: number,
  starts: { title: string; page: number }[],
) {
  doc.switchToPage(page);
  doc.x = pageMargin;
  doc.y = pageMargin;
  heading(doc, 'Contents', 18, accent);
  doc.moveDown(0.5);
  for (const start of starts) {
    const y = doc.y;
    const width = doc.page.width - pageMargin * 2;
    doc.font('body').fontSize(10).fillColor('#111111');
    doc.text(start.title, pageMargin, y, { width: width - 30, goTo: `page-${start.page}` });
    doc.text(String(start.page + 1), pageMargin, y, { width, align: 'right' });
    doc.moveDown(0.35);
  }
}

function writePageNumbers(doc: PDFKit.PDFDocument) {
  const range = doc.bufferedPageRange();
  for (let index = 1; index < range.count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('label')
      .fontSize(7.5)
      .fillColor(muted)
      .text(`${index + 1}`, 0, doc.page.height - pageMargin / 2, {
        width: doc.page.width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

function anchor(doc: PDFKit.PDFDocument) {
  doc.addNamedDestination(`page-${currentPage(doc)}`);
}

function writeHowToRead(doc: PDFKit.PDFDocument, content: InstrumentContent) {
  anchor(doc);
  doc.outline.addItem('How to read this manual');
  heading(doc, 'How to read this manual', 18, accent);
  paragraph(
    doc,
    'Each report of the Opinion DNA is a card of elements: a scale from one pole (a score of 0) ' +
      'to the other (100). Each element is measured by a handful of statements you rate from ' +
      'Strongly Agree to Strongly Disagree. This manual lists every statement with its keying: ' +
      'a statement keyed + raises the element’s score when you agree with it, one keyed − ' +
      'lowers it. Nothing is hidden: the statements, the keying and the formula below are all ' +
      'there is to a score.',
  );
  heading(doc, 'How a score is made', 13);
  paragraph(doc, scoringFormula);
  heading(doc, 'What the texts say', 13);
  paragraph(doc, readingGuide);
  heading(doc, 'The quizzes', 13);
  for (const [slug, quiz] of Object.entries(content.quizzes)) {
    doc
      .font('heading')
      .fontSize(9.5)
      .fillColor('#111111')
      .text(quiz.title, { continued: true })
      .font('label')
      .fillColor(muted)
      .text(
        `  /q/${slug} · ${quiz.itemIds.length} statements · about ${quiz.estimatedMinutes} min`,
      );
    paragraph(doc, quiz.description);
  }
}

function writeReport(doc: PDFKit.PDFDocument, report: Report) {
  anchor(doc);
  const outline = doc.outline.addItem(report.title);
  label(doc, report.requiresSubscription ? 'Report · with the subscription' : 'Report · free');
  heading(doc, report.title, 20, accent);
  paragraph(doc, report.intro);
  const items = report.elements.reduce((sum, element) => sum + element.items.length, 0);
  label(
    doc,
    `${report.elements.length} element${report.elements.length === 1 ? '' : 's'} · ${items} statements` +
      (report.total ? ` · total: ${report.total.name}` : ''),
  );
  doc.moveDown(0.6);
  if (report.total) {
    outline.addItem(report.total.name);
    writeScale(doc, {
      name: report.total.name,
      help: `${report.total.help} It is the rounded mean of the elements below and needs every one of them.`,
      poles: report.total.poles,
      texts: report.total.texts,
    });
  }
  for (const element of report.elements) {
    outline.addItem(element.name);
    const tags = [
      element.group ? `Group: ${element.group}` : null,
      element.letters
        ? `Letters: ${element.letters.low} below 50, ${element.letters.high} above, X at 50`
        : null,
    ].filter((tag): tag is string => tag !== null);
    writeScale(doc, { ...element, tags });
    label(doc, 'Statements');
    for (const item of element.items) {
      const keying = item.keying === '+' ? '+' : '−';
      doc
        .font('heading')
        .fontSize(9)
        .fillColor(item.keying === '+' ? accent : '#8b3a1f')
        .text(`${keying}  `, { continued: true })
        .font('body')
        .fillColor('#111111')
        .text(item.text, { lineGap: 1.5, paragraphGap: 3 });
    }
    doc.moveDown(0.8);
  }
  label(doc, 'Sources');
  for (const source of report.sources) {
    doc
      .font('italic')
      .fontSize(8.5)
      .fillColor('#111111')
      .text(source.title, { paragraphGap: 1 })
      .font('label')
      .fillColor(accent)
      .text(source.url, { link: source.url, paragraphGap: 5 });
  }
}

function writeScale(
  doc: PDFKit.PDFDocument,
  scale: {
    name: string;
    help: string;
    poles: { low: string; high: string };
    texts: { low: string; middle: string; high: string };
    tags?: string[];
  },
) {
  // Keep a scale's name with the start of its text.
  if (doc.y > doc.page.height - pageMargin - 120) doc.addPage();
  heading(doc, scale.name, 13);
  if (scale.tags && scale.tags.length > 0) label(doc, scale.tags.join(' · '));
  paragraph(doc, scale.help, { paragraphGap: 3 });
  label(doc, `0 = ${scale.poles.low} · 100 = ${scale.poles.high}`);
  doc.moveDown(0.3);
  for (const [text, heading] of textHeadings) {
    doc.font('heading').fontSize(9).fillColor('#111111').text(heading, { paragraphGap: 1 });
    paragraph(doc, scale.texts[text]);
  }
}
