import type { BandTexts, Report } from './instruments.content.ts';
import type { ElementScore, ReportScore } from './instruments.scoring.ts';
import { bandOf } from './instruments.scoring.ts';
import { escapeHtml } from '../../html.ts';

/** Which of an element's three texts a score reads: low for 0–40, middle for 41–60, high above. */
export function textForScore(texts: BandTexts, score: number): string {
  const band = bandOf(score);
  if (band === 'VERY LOW' || band === 'LOW') return texts.low;
  if (band === 'MEDIUM') return texts.middle;
  return texts.high;
}

/**
 * The detailed report for SPEC.md's `DetailedReports` field `Text`: intro, total and class, one
 * section per element with its score, band, uncertainty and text, then the sources. Every string
 * from content or scores is escaped; the markup is ours.
 */
export function renderDetailedReport(report: Report, scores: ReportScore): string {
  const parts: string[] = [
    `<section class="detailed-report" data-report="${escapeHtml(report.name)}">`,
    `<h2>${escapeHtml(report.title)}</h2>`,
    `<p class="intro">${escapeHtml(report.intro)}</p>`,
  ];
  if (scores.sixteenType !== undefined) {
    parts.push(`<p class="type">Your type: <strong>${escapeHtml(scores.sixteenType)}</strong></p>`);
  }
  if (report.total && scores.total) {
    parts.push(
      `<div class="total">`,
      `<h3>${escapeHtml(report.total.name)}</h3>`,
      renderScoreLine(scores.total.score, scores.total.band, null),
    );
    if (scores.climateClass) {
      parts.push(`<p class="class">Class: <strong>${escapeHtml(scores.climateClass)}</strong></p>`);
    }
    parts.push(
      scores.total.score === null
        ? `<p class="missing">The total appears once every part below has a score.</p>`
        : `<p>${escapeHtml(textForScore(report.total.texts, scores.total.score))}</p>`,
      `</div>`,
    );
  }
  report.elements.forEach((element, index) => {
    const score = scores.elements[index];
    if (!score) return;
    parts.push(
      `<div class="element" data-element="${escapeHtml(element.id)}">`,
      `<h3>${escapeHtml(element.name)}</h3>`,
      `<p class="help">${escapeHtml(element.help)}</p>`,
      `<p class="poles"><span>${escapeHtml(element.poles.low)}</span> – <span>${escapeHtml(element.poles.high)}</span></p>`,
      renderScoreLine(score.score, score.band, score.standardError),
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

function renderScoreLine(
  score: number | null,
  band: string | null,
  standardError: number | null,
): string {
  if (score === null || band === null) return `<p class="score">Not scored yet</p>`;
  const uncertainty =
    standardError === null
      ? ''
      : ` <span class="uncertainty" title="standard error">± ${Math.round(standardError)}</span>`;
  return `<p class="score"><span class="value">${score}</span> <span class="band">${escapeHtml(band)}</span>${uncertainty}</p>`;
}

function missingText(score: ElementScore): string {
  const needed = Math.ceil(score.itemCount / 2);
  return `Not enough answers yet: answer at least ${needed} of its ${score.itemCount} statements (${score.answered} so far).`;
}
