/*
 * What the subscription brings, counted from the content (content/instruments) and the manual the
 * server makes from it (docs/decisions/050-payments-screens.md). The browser does not load the
 * content to count it: these figures are written here, and
 * server/features/payments/payments.product-facts.test.ts counts them again from the content and
 * the rendered PDF, so a change to either fails the tests until they are updated.
 */
export const productFacts = {
  /** Elements of the Opinion DNA core report. */
  opinionDnaElements: 48,
  /** The reports besides the Opinion DNA core that the subscription opens (all but Ownership). */
  elementReports: 13,
  /** Pages of the manual (`GET /api/ebook`). */
  manualPages: 114,
} as const;
