import {
  bandLabel,
  bandOf,
  bandTexts,
  clarityText,
  intervalOf,
  readAxis,
} from '../../../contract/report-readings.ts';
import type { BandTexts, Report } from './instruments.content.ts';
import type { ElementScore, ReportScore } from './instruments.scoring.ts';
import { escapeHtml } from '../../html.ts';

/**
 * Which of an element's three texts a score reads: the low one for VERY LOW and LOW, the middle
 * one for MEDIUM, the high one for HIGH and VERY HIGH (contract/report-readings.ts).
 */
export function textForScore(texts: BandTexts, score: number): string {
  return texts[bandTexts[bandOf(score)]];
}

/** What the detailed report shows beside the scores. */
export type DetailedReportOptions = {
  /**
   * Per entry (the elements in content order, then the total): the half-width of the score's
   * 90 % interval in points, null where unscored. Without it no interval is shown.
   */
  halfWidths?: readonly (number | null)[];
  /** The headline the report calls give (the sixteen-type letters, X only at exactly 50). */
  headline?: string | null;
};

/**
 * The detailed report for the `DetailedReports` field `Text`: intro, total and class, one
 * section per element with its score, band (and the bands its 90 % interval also reaches), the
 * interval, a sixteen-type axis's letter and clarity, and the text of its band, then the sources. Without
 * scores (a locked report, docs/decisions/041) it describes the card and shows no score, band or
 * score-dependent text at all. Every string from content or scores is escaped; the markup is ours.
 */
export function renderDetailedReport(
  report: Report,
  scores: ReportScore | null,
  options: DetailedReportOptions = {},
): string {
  const parts: string[] = [
    `<section class="detailed-report" data-report="${escapeHtml(report.name)}">`,
    `<h2>${escapeHtml(report.title)}</h2>`,
    `<p class="intro">${escapeHtml(report.intro)}</p>`,
  ];
  const halfWidthAt = (index: number) => options.halfWidths?.[index] ?? null;
  const type = options.headline !== undefined ? options.headline : scores?.sixteenType;
  if (scores && report.name === 'sixteen' && type) {
    parts.push(`<p class="type">Your type: <strong>${escapeHtml(type)}</strong></p>`);
  }
  if (report.total) {
    parts.push(`<div class="total">`, `<h3>${escapeHtml(report.total.name)}</h3>`);
    if (!scores) {
      parts.push(
        `<p class="help">${escapeHtml(report.total.help)}</p>`,
        renderPoles(report.total.poles),
      );
    } else if (scores.total) {
      parts.push(renderScoreLine(scores.total.score, halfWidthAt(report.elements.length)));
      if (scores.climateClass) {
        parts.push(
          `<p class="class">Class: <strong>${escapeHtml(scores.climateClass)}</strong></p>`,
        );
      }
      parts.push(
        scores.total.score === null
          ? `<p class="missing">The total appears once every part below has a score.</p>`
          : `<p>${escapeHtml(textForScore(report.total.texts, scores.total.score))}</p>`,
      );
    }
    parts.push(`</div>`);
  }
  report.elements.forEach((element, index) => {
    const description = [
      `<div class="element" data-element="${escapeHtml(element.id)}">`,
      `<h3>${escapeHtml(element.name)}</h3>`,
      `<p class="help">${escapeHtml(element.help)}</p>`,
      renderPoles(element.poles),
    ];
    if (!scores) {
      parts.push(...description, `</div>`);
      return;
    }
    const score = scores.elements[index];
    if (!score) return;
    parts.push(...description, renderScoreLine(score.score, halfWidthAt(index)));
    if (element.letters && score.score !== null) {
      const axis = readAxis(element.letters, score.score, halfWidthAt(index));
      parts.push(
        `<p class="letter">Your letter: <strong>${escapeHtml(axis.letter)}</strong> (${escapeHtml(clarityText(axis))})</p>`,
      );
    }
    parts.push(
      score.score === null
        ? `<p class="missing">${escapeHtml(missingText(score))}</p>`
        : `<p>${escapeHtml(textForScore(element.texts, score.score))}</p>`,
      `</div>`,
    );
  });
  parts.push(`<footer class="sources">`, `<h3>Sources</h3>`, `<ul>`);
  for (const source of report.sources) {
    parts.push(
      `<li><a href="${escapeHtml(source.url)}" rel="noopener noreferrer" target="_blank">${escapeHtml(source.title)}</a></li>`,
    );
  }
  parts.push(`</ul>`, `</footer>`, `</section>`);
  return parts.join('\n');
}

function renderPoles(poles: { low: string; high: string }): string {
  return `<p class="poles"><span>${escapeHtml(poles.low)}</span> – <span>${escapeHtml(poles.high)}</span></p>`;
}

/**
 * The score, its band with the bands its 90 % interval also reaches ("HIGH, could be MEDIUM"),
 * and the interval (score ± half-width, within 0–100).
 */
function renderScoreLine(score: number | null, halfWidth: number | null): string {
  if (score === null) return `<p class="score">Not scored yet</p>`;
  let interval = '';
  if (halfWidth !== null) {
    const [low, high] = intervalOf(score, halfWidth);
    interval = ` <span class="interval" title="90 % interval">90 % interval ${low}–${high}</span>`;
  }
  return `<p class="score"><span class="value">${score}</span> <span class="band">${escapeHtml(bandLabel(score, halfWidth))}</span>${interval}</p>`;
}

function missingText(score: ElementScore): string {
  const needed = Math.ceil(score.itemCount / 2);
  return `Not enough answers yet: answer at least ${needed} of its ${score.itemCount} statements (${score.answered} so far).`;
}
