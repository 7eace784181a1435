// The privacy module (docs/decisions/082-differentially-private-staff-figures.md): the one way an
// aggregate over members leaves the server. The small-group rule for every caller, the exact
// discrete Laplace sampler, noisy figures with their margins, and the staff budget.
export { isWithheld, mayShowWhole, shownParts, withholdingReason } from './privacy.rules.ts';
export {
  answerPrivately,
  budgetSpent,
  currentBudget,
  questionHash,
  type Budget,
  type PrivacyOptions,
  type Question,
} from './privacy.budget.ts';
export { atLeastZero, noisyCounts, noisyMeans, splitEpsilon } from './privacy.figures.ts';
export { cryptoBytes, seededBytes, type RandomBytes } from './privacy.sampler.ts';
