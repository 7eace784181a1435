import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { productFacts } from '../../../web/features/payments/product-facts.ts';
import { getInstrumentContent } from '../instruments/index.ts';
import { renderEbook } from './payments.ebook.ts';

/*
 * The checkout upsell counts what the subscription brings (web/features/payments/product-facts.ts,
 * docs/decisions/050-payments-screens.md). The browser does not load the content to count it, so
 * this test counts it again from the content and the manual the server makes: a change to either
 * fails here until the figures are updated.
 */
describe('what the checkout upsell counts', () => {
  const content = getInstrumentContent();

  it('names the Opinion DNA’s elements and the other reports the subscription opens', () => {
    const paid = Object.values(content.reports).filter((report) => report.requiresSubscription);
    const others = paid.filter((report) => report.name !== 'opiniondna');
    expect(paid.some((report) => report.name === 'opiniondna')).toBe(true);
    expect(
      others.length,
      `the subscription opens ${others.length} reports besides the Opinion DNA core: update productFacts.elementReports`,
    ).toBe(productFacts.elementReports);
    expect(
      content.reports.opiniondna.elements.length,
      'update productFacts.opinionDnaElements',
    ).toBe(productFacts.opinionDnaElements);
  });

  it('gives the manual’s real page count', async () => {
    const bytes = await renderEbook(content);
    const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
    expect(
      pdf.numPages,
      `the manual has ${pdf.numPages} pages: update productFacts.manualPages`,
    ).toBe(productFacts.manualPages);
  });
});
