/*
 * The reports calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in reports.ts.
 */

/** The fifteen report names of the detailed report screen, in the order My Opinion DNA lists them. */
export const reportNames = [
  'opiniondna',
  'mac',
  'bigfive',
  'woke',
  'religiosity',
  'sexuality',
  'equalitarianism',
  'ir',
  'fem',
  'trans',
  'sixteen',
  'gender',
  'ps',
  'climate',
  'ownership',
] as const;

export type ReportName = (typeof reportNames)[number];

export function isReportName(name: string): name is ReportName {
  return (reportNames as readonly string[]).includes(name);
}

/** The demographic fields the quiz gate asks before the questions (docs/decisions/041). */
export const quizGateFields = [
  'gender',
  'birthYear',
  'nationality',
  'education',
  'politicalSpectrum',
] as const;

export type QuizGateField = (typeof quizGateFields)[number];

/** The quiz slug of `/q/{slug}`: the path segment cut at the first `%` or `&`. */
export function quizSlugOf(pathSegment: string): string {
  const cut = pathSegment.search(/[%&]/);
  return cut === -1 ? pathSegment : pathSegment.slice(0, cut);
}

export const getQuiz = { method: 'GET', path: '/api/quiz/get' } as const;
export const getUserReports = { method: 'GET', path: '/api/reports/getuserreports' } as const;
export const getDetailedReport = { method: 'GET', path: '/api/reports/getdetailed' } as const;
export const shareReport = { method: 'POST', path: '/api/reports/share' } as const;
export const listShares = { method: 'GET', path: '/api/reports/shares' } as const;
export const unshareReport = { method: 'POST', path: '/api/reports/unshare' } as const;
export const getSharedReport = { method: 'GET', path: '/api/reports/shared' } as const;
