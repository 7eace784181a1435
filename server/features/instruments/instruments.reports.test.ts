import { describe, expect, it } from 'vitest';
import type { Report } from './instruments.content.ts';
import { getInstrumentContent } from './instruments.content.ts';
import { escapeHtml } from '../../html.ts';
import { renderDetailedReport, textForScore } from './instruments.reports.ts';
import { scoreReport } from './instruments.scoring.ts';

const content = getInstrumentContent();

function answering(report: Report, rating: number): Map<string, number> {
  return new Map(
    report.elements.flatMap((element) => element.items.map((item) => [item.id, rating] as const)),
  );
}

describe('escapeHtml', () => {
  it('escapes every character that could open markup or leave an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('textForScore', () => {
  it('reads the low text to 40, the middle to 60 and the high text above', () => {
    const texts = { low: 'low', middle: 'middle', high: 'high' };
    expect([0, 40, 41, 60, 61, 100].map((score) => textForScore(texts, score))).toEqual([
      'low',
      'low',
      'middle',
      'middle',
      'high',
      'high',
    ]);
  });
});

describe('renderDetailedReport', () => {
  it('shows each element’s score, band and text, the total, the class and the sources', () => {
    const climate = content.reports.climate;
    // Strongly agreeing with every + item and disagreeing with every - item: all 100.
    const answers = new Map(
      climate.elements.flatMap((element) =>
        element.items.map((item) => [item.id, item.keying === '+' ? 1 : 5] as const),
      ),
    );
    const html = renderDetailedReport(climate, scoreReport(climate, answers));
    expect(html).toContain('<span class="value">100</span> <span class="band">VERY HIGH</span>');
    expect(html).toContain('Class: <strong>ACTIVIST</strong>');
    expect(html).toContain(escapeHtml(climate.elements[0]?.texts.high ?? 'missing'));
    expect(html).toContain(escapeHtml(climate.total?.texts.high ?? 'missing'));
    for (const source of climate.sources)
      expect(html).toContain(`href="${escapeHtml(source.url)}"`);
  });

  it('says what is missing instead of a score', () => {
    const bigfive = content.reports.bigfive;
    const html = renderDetailedReport(bigfive, scoreReport(bigfive, new Map()));
    expect(html).toContain('Not scored yet');
    expect(html).toContain('answer at least 4 of its 8 statements (0 so far)');
  });

  it('escapes content, so no text can inject markup', () => {
    const report: Report = {
      ...content.reports.trans,
      title: '<script>alert(1)</script>',
      sources: [{ title: 'x" onmouseover="y', url: 'https://example.org/?a=1&b="2"' }],
    };
    const html = renderDetailedReport(report, scoreReport(report, answering(report, 3)));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('href="https://example.org/?a=1&amp;b=&quot;2&quot;"');
    expect(html).not.toContain('x" onmouseover');
  });

  it('shows each score’s 90 % interval, within 0–100, instead of a standard error', () => {
    const climate = content.reports.climate;
    const answers = new Map(
      climate.elements.flatMap((element) =>
        element.items.map((item) => [item.id, item.keying === '+' ? 1 : 5] as const),
      ),
    );
    const halfWidths = [12.4, 10, 10, 10, 10, 4.5];
    const html = renderDetailedReport(climate, scoreReport(climate, answers), { halfWidths });
    expect(html).toContain('90 % interval 88–100');
    expect(html).toContain('90 % interval 90–100');
    expect(html).toContain('90 % interval 96–100');
    expect(html).not.toContain('±');
  });

  it('keeps the band where the interval reaches another, and says which beside it', () => {
    const bigfive = content.reports.bigfive;
    const openness = bigfive.elements[0]!;
    // Every Openness statement answered towards the open pole: a high score…
    const answers = new Map(
      openness.items.map((item) => [item.id, item.keying === '+' ? 2 : 4] as const),
    );
    const scores = scoreReport(bigfive, answers);
    expect(scores.elements[0]!.score).toBe(75);
    const sure = renderDetailedReport(bigfive, scores, { halfWidths: [5] });
    expect(sure).toContain('<span class="band">HIGH</span>');
    expect(sure).toContain(escapeHtml(openness.texts.high));
    // …whose interval across the middle is said beside the band, not in its place.
    const unsure = renderDetailedReport(bigfive, scores, { halfWidths: [26] });
    expect(unsure).toContain('<span class="band">HIGH, could be MEDIUM or VERY HIGH</span>');
    expect(unsure).toContain('90 % interval 49–100');
    expect(unsure).toContain(escapeHtml(openness.texts.high));
    expect(unsure).not.toContain('BALANCED');
  });

  it('describes a locked report without any score, band or score-dependent text', () => {
    const climate = content.reports.climate;
    const html = renderDetailedReport(climate, null);
    expect(html).toContain(escapeHtml(climate.intro));
    for (const element of climate.elements) {
      expect(html).toContain(escapeHtml(element.help));
      expect(html).not.toContain(escapeHtml(element.texts.low));
      expect(html).not.toContain(escapeHtml(element.texts.middle));
      expect(html).not.toContain(escapeHtml(element.texts.high));
    }
    expect(html).toContain(escapeHtml(climate.total!.help));
    expect(html).not.toMatch(/class="(score|value|band|interval|class|type|missing)"/);
    for (const source of climate.sources)
      expect(html).toContain(`href="${escapeHtml(source.url)}"`);
  });

  it('names the sixteen type the report calls give, and each axis’s letter with its clarity', () => {
    const sixteen = content.reports.sixteen;
    const answers = new Map(
      sixteen.elements.flatMap((element) =>
        element.items.map((item) => [item.id, item.keying === '+' ? 2 : 4] as const),
      ),
    );
    const scores = scoreReport(sixteen, answers);
    expect(scores.elements.map((element) => element.score)).toEqual([75, 75, 75, 75]);
    const letters = sixteen.elements.map((element) => element.letters!.high);
    const html = renderDetailedReport(sixteen, scores, {
      headline: letters.join(''),
      halfWidths: [10, 30, 10, 10],
    });
    expect(html).toContain(`Your type: <strong>${letters.join('')}</strong>`);
    expect(html).toContain(`Your letter: <strong>${letters[0]}</strong> (clear)`);
    expect(html).toContain(
      `Your letter: <strong>${letters[1]}</strong> (slight: could be ${sixteen.elements[1]!.letters!.low})`,
    );
    expect(renderDetailedReport(sixteen, null)).not.toContain('Your type');
  });

  it('names the sixteen type', () => {
    const sixteen = content.reports.sixteen;
    const html = renderDetailedReport(sixteen, scoreReport(sixteen, answering(sixteen, 3)));
    expect(html).toContain('Your type: <strong>XXXX</strong>');
  });
});
