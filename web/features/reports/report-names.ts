import type { ReportName } from '../../../contract/reports.ts';

/** What My Opinion DNA's rows say about each report before any data arrives. */
export type ReportSummary = {
  title: string;
  summary: string;
  /**
   * Where the card shows its total: 'first' where the profile card lists it first (Sexuality's
   * Total Score), 'last' where it comes after the elements, null for a card without a total.
   * The arrays always carry the total last (docs/decisions/041-quizzes-and-reports.md).
   */
  total: 'first' | 'last' | null;
};

/** The fifteen reports' row texts, in `reportNames` order. */
export const reportSummaries: Record<ReportName, ReportSummary> = {
  opiniondna: {
    title: 'Opinion DNA Core',
    summary: '48 elements of personality, values and meta-thinking.',
    total: null,
  },
  mac: {
    title: 'Morality as Cooperation',
    summary: 'Family, group, reciprocity, heroism, deference, fairness and property.',
    total: null,
  },
  bigfive: {
    title: 'Big Five',
    summary: 'Openness, conscientiousness, extraversion, agreeableness and neuroticism.',
    total: null,
  },
  woke: {
    title: 'Woke',
    summary: 'Race, gender and sexuality, feminism, colonialism, free speech, identity politics.',
    total: 'last',
  },
  religiosity: {
    title: 'Religiosity',
    summary: 'Belief, fatalism, spirituality, magical thinking and religion in public life.',
    total: 'last',
  },
  sexuality: {
    title: 'Sexuality',
    summary: 'Sexual licence, innate sexuality, sex and power, relationships, sex and gender.',
    total: 'first',
  },
  equalitarianism: {
    title: 'Equalitarianism',
    summary: 'How much you believe groups are equal.',
    total: null,
  },
  ir: { title: 'International Relations', summary: 'From liberal to realist.', total: null },
  fem: {
    title: 'Feminism',
    summary: 'Inequality, society, gender roles, sexual culture and men.',
    total: 'first',
  },
  trans: {
    title: 'Transgenderism',
    summary: 'From trans inclusive to gender critical.',
    total: null,
  },
  sixteen: {
    title: 'Sixteen Types',
    summary:
      'Extravert or introvert, sensing or intuition, thinking or feeling, judging or perceiving.',
    total: null,
  },
  gender: {
    title: 'Gender',
    summary: 'Gender versus sex, essentialism, gender roles and transgender attitudes.',
    total: 'first',
  },
  ps: {
    title: 'Political Spectrum (beta)',
    summary: 'Left or right, libertarian or authoritarian.',
    total: null,
  },
  climate: {
    title: 'Climate',
    summary: 'Pessimism, urgency, the right response, personal commitment and financial burden.',
    total: 'first',
  },
  ownership: {
    title: 'Ownership',
    summary: 'Institutional faith, need for ownership, fairness, community and Web3 optimism.',
    total: null,
  },
};

/** Each report has a quiz of its own name, except the Opinion DNA core, asked by `opinion-dna`. */
export function quizOfReport(name: ReportName): string {
  return name === 'opiniondna' ? 'opinion-dna' : name;
}
