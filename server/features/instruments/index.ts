// What other features (the reports) may use of the instruments: their content, scoring, the
// detailed report's text, the statistics the norms need, and the seeding of demo answers.
export {
  getInstrumentContent,
  type InstrumentContent,
  type Report,
} from './instruments.content.ts';
export { cronbachAlpha, createAlphaAccumulator } from './instruments.psychometrics.ts';
export { renderDetailedReport } from './instruments.reports.ts';
export {
  completionOf,
  hasEnoughAnswers,
  ITEM_STANDARD_DEVIATION,
  scoreItem,
  scoreReport,
  type Answers,
  type ReportScore,
} from './instruments.scoring.ts';
export { itemSlug, seedInstrumentAnswers } from './instruments.seed.ts';
