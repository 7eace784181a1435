/** SPEC.md §2: the detailed report names, with what each report is about. */
export const reports = {
  opiniondna: {
    title: 'Opinion DNA Core',
    summary: '48 elements of personality, values and meta-thinking.',
  },
  mac: {
    title: 'Morality as Cooperation',
    summary: 'Family, group, reciprocity, heroism, deference, fairness and property.',
  },
  bigfive: {
    title: 'Big Five',
    summary: 'Openness, conscientiousness, extraversion, agreeableness and neuroticism.',
  },
  woke: {
    title: 'Woke',
    summary: 'Race, gender and sexuality, feminism, colonialism, free speech, identity politics.',
  },
  religiosity: {
    title: 'Religiosity',
    summary: 'Belief, fatalism, spirituality, magical thinking and religion in public life.',
  },
  sexuality: {
    title: 'Sexuality',
    summary: 'Sexual licence, innate sexuality, sex and power, relationships, sex and gender.',
  },
  equalitarianism: { title: 'Equalitarianism', summary: 'How much you believe groups are equal.' },
  ir: { title: 'International Relations', summary: 'From liberal to realist.' },
  fem: {
    title: 'Feminism',
    summary: 'Inequality, society, gender roles, sexual culture and men.',
  },
  trans: { title: 'Transgenderism', summary: 'From trans inclusive to gender critical.' },
  sixteen: {
    title: 'Sixteen Types',
    summary:
      'Extravert or introvert, sensing or intuition, thinking or feeling, judging or perceiving.',
  },
  gender: {
    title: 'Gender',
    summary: 'Gender versus sex, essentialism, gender roles and transgender attitudes.',
  },
  ps: {
    title: 'Political Spectrum (beta)',
    summary: 'Left or right, libertarian or authoritarian.',
  },
  climate: {
    title: 'Climate',
    summary: 'Pessimism, urgency, the right response, personal commitment and financial burden.',
  },
  ownership: {
    title: 'Ownership',
    summary: 'Institutional faith, need for ownership, fairness, community and Web3 optimism.',
  },
} as const;

export type ReportName = keyof typeof reports;

export function isReportName(name: string): name is ReportName {
  return Object.hasOwn(reports, name);
}
