import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ReportName } from './instruments.content.ts';
import {
  InstrumentContentError,
  getInstrumentContent,
  loadInstrumentContent,
  reportNames,
} from './instruments.content.ts';
import { keyingBalance } from './instruments.psychometrics.ts';

/** Every card of docs/product/reports.md#cards, its elements exactly as the product names them. */
const specElements: Record<Exclude<ReportName, 'opiniondna'>, string[]> = {
  mac: ['Family', 'Group', 'Reciprocity', 'Heroism', 'Deference', 'Fairness', 'Property'],
  bigfive: ['Openness', 'Conscientiousness', 'Extraversion', 'Agreeableness', 'Neuroticism'],
  woke: ['Race', 'Gender/Sexuality', 'Feminism', 'Colonialism', 'Free speech', 'Identity politics'],
  religiosity: [
    'Religious Belief',
    'Fatalism',
    'Spirituality',
    'Magical Thinking',
    'Religion in the World',
    'Religion and the State',
  ],
  sexuality: [
    'Sexual Licence',
    'Innate Sexuality',
    'Sex and Power',
    'Relationship',
    'Sex and Gender',
  ],
  equalitarianism: ['Equalitarianism'],
  ir: ['International Relations'],
  fem: ['Inequality', 'Society', 'Gender Roles', 'Sexual Culture', 'Men'],
  trans: ['Transgenderism'],
  sixteen: ['Extravert/Introvert', 'Sensing/Intuition', 'Thinking/Feeling', 'Judging/Perceiving'],
  gender: ['Gender vs Sex', 'Gender Essentialism', 'Gender Roles', 'Transgender Attitudes'],
  ps: ['Left/Right', 'Libertarian/Authoritarian'],
  climate: [
    'Pessimism',
    'Urgency',
    'Appropriate Response',
    'Personal Commitment',
    'Financial Burden',
  ],
  ownership: [
    'Institutional Faith',
    'Need for Ownership',
    'Equality / Fairness in Ownership',
    'Community Ownership',
    'Revolutionary Tendency',
    'Web3 Optimism',
  ],
};

/** The cards with a total, and the total's name as docs/product/reports.md#cards spells it. */
const specTotals: Partial<Record<ReportName, string>> = {
  sexuality: 'Total Score',
  fem: 'Total Feminism Score',
  gender: 'Total gender score',
  climate: 'Total Climate Score',
  woke: 'Average',
  religiosity: 'Total',
};

/** Single-scale cards and their poles as docs/product/reports.md#cards reads them. */
const specPoles: Partial<Record<ReportName, [string, string]>> = {
  equalitarianism: ['Low', 'High'],
  ir: ['Liberal', 'Realist'],
  trans: ['Trans Inclusive', 'Gender Critical'],
};

const content = getInstrumentContent();

describe('instrument content', () => {
  it('has every report of the product with exactly its elements', () => {
    expect(Object.keys(content.reports).sort()).toEqual([...reportNames].sort());
    for (const [name, elements] of Object.entries(specElements)) {
      const report = content.reports[name as ReportName];
      expect(
        report.elements.map((element) => element.name),
        name,
      ).toEqual(elements);
    }
  });

  it('gives exactly the spec’d cards a total, under the spec’s name', () => {
    for (const name of reportNames) {
      expect(content.reports[name].total?.name ?? null, name).toBe(specTotals[name] ?? null);
    }
  });

  it('places scales between the spec’s poles', () => {
    for (const [name, poles] of Object.entries(specPoles)) {
      const element = content.reports[name as ReportName].elements[0];
      expect([element?.poles.low, element?.poles.high], name).toEqual(poles);
    }
    for (const element of content.reports.sexuality.elements) {
      expect([element.poles.low, element.poles.high]).toEqual(['Progressive', 'Conservative']);
    }
    expect(content.reports.ps.elements.map((e) => [e.poles.low, e.poles.high])).toEqual([
      ['Left', 'Right'],
      ['Libertarian', 'Authoritarian'],
    ]);
  });

  it('gives the sixteen-type axes their letters', () => {
    expect(
      content.reports.sixteen.elements.map((e) => `${e.letters?.low}/${e.letters?.high}`),
    ).toEqual(['E/I', 'S/N', 'T/F', 'J/P']);
  });

  it('has the 48-element Opinion DNA core in three groups of 12, 24 and 12', () => {
    const elements = content.reports.opiniondna.elements;
    expect(elements).toHaveLength(48);
    const count = (group: string) => elements.filter((e) => e.group === group).length;
    expect([count('Personality'), count('Values'), count('Meta-Thinking')]).toEqual([12, 24, 12]);
    expect(new Set(elements.map((e) => e.name)).size).toBe(48);
    for (const element of elements) {
      expect(element.items.length, element.name).toBeGreaterThanOrEqual(3);
      // One sentence: a single full stop, at the end.
      expect(element.help, element.name).toMatch(/^[^.]+\.$/);
    }
  });

  it('sets every item’s keying and balances every element', () => {
    for (const report of Object.values(content.reports)) {
      for (const element of report.elements) {
        if (report.name !== 'opiniondna') {
          expect(element.items.length, element.name).toBeGreaterThanOrEqual(4);
        }
        for (const item of element.items) expect(['+', '-']).toContain(item.keying);
        expect(keyingBalance(element.items).isBalanced, `${report.name}.${element.id}`).toBe(true);
      }
    }
  });

  it('locks every card but Ownership', () => {
    for (const name of reportNames) {
      expect(content.reports[name].requiresSubscription, name).toBe(name !== 'ownership');
    }
  });

  it('has the product’s quizzes, the core one in 15 to 20 minutes', () => {
    const dna = content.quizzes['opinion-dna'];
    expect(dna?.estimatedMinutes).toBeGreaterThanOrEqual(15);
    expect(dna?.estimatedMinutes).toBeLessThanOrEqual(20);
    const perElement = new Map<string, number>();
    for (const itemId of dna?.itemIds ?? []) {
      const element = content.items.get(itemId)?.element.id ?? 'outside opiniondna';
      perElement.set(element, (perElement.get(element) ?? 0) + 1);
      expect(content.items.get(itemId)?.report.name).toBe('opiniondna');
    }
    expect(perElement.size).toBe(48);
    expect(Math.min(...perElement.values())).toBeGreaterThanOrEqual(3);
    expect(content.quizzes['200q']?.itemIds).toHaveLength(200);
    for (const slug of ['fundamentals-sc', 'fundamentals-sw', 'fundamentals-mrfgr']) {
      expect(content.quizzes[slug]?.estimatedMinutes, slug).toBeLessThanOrEqual(7);
    }
  });

  it('fails loudly, naming the file and the path, on a broken file', () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'instruments-'));
    try {
      const source = new URL('../../../content/instruments/', import.meta.url);
      for (const file of fs.readdirSync(source)) {
        fs.copyFileSync(new URL(file, source), path.join(directory, file));
      }
      const broken = JSON.parse(fs.readFileSync(path.join(directory, 'bigfive.json'), 'utf8'));
      broken.elements[1].items[2].keying = 'plus';
      fs.writeFileSync(path.join(directory, 'bigfive.json'), JSON.stringify(broken));
      const load = () => loadInstrumentContent(pathToFileURL(`${directory}/`));
      expect(load).toThrow(InstrumentContentError);
      expect(load).toThrow(
        /content\/instruments\/bigfive\.json: elements\[1\]\.items\[2\]\.keying/,
      );
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
