import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  dismissCookies,
  isBrowserMissing,
  launchBrowser,
  newVisitor,
  signUpThroughPanel,
  uniqueAccount,
} from './fixtures.ts';

/**
 * axe-core on every page of the README's page table, at a desktop and a phone width: no serious
 * or critical violation. At the phone width, no page is wider than the screen either, logged out
 * and logged in, the member having voted on the opinion first (its charts' tables once widened
 * it: docs/decisions/066). The table is kept here and in the README (section "Accessibility").
 */
type PageEntry = { name: string; path: () => string; as: 'visitor' | 'member' };

const demo = { opinion: '', topic: '', profile: 'FrankieO' };

const pageTable: PageEntry[] = [
  { name: 'For You feed', path: () => '/', as: 'visitor' },
  { name: 'For You feed, member', path: () => '/', as: 'member' },
  { name: 'Opinion', path: () => `/o/${demo.opinion}`, as: 'visitor' },
  { name: 'Opinion, member', path: () => `/o/${demo.opinion}`, as: 'member' },
  { name: 'Topic', path: () => `/t/${demo.topic}`, as: 'visitor' },
  { name: 'All topics', path: () => '/topics', as: 'visitor' },
  { name: 'Profile', path: () => `/u/${demo.profile}`, as: 'visitor' },
  { name: "A member's comments", path: () => `/comments/${demo.profile}`, as: 'visitor' },
  { name: 'Top contributors', path: () => '/contributors', as: 'visitor' },
  { name: 'Latest activity', path: () => '/activity', as: 'visitor' },
  { name: 'Suggest', path: () => '/suggest', as: 'visitor' },
  { name: 'Questions', path: () => '/questions', as: 'visitor' },
  { name: 'Arguments', path: () => '/arguments', as: 'visitor' },
  { name: 'Opinion DNA', path: () => '/go/opinion-dna', as: 'visitor' },
  { name: 'Encyclopedia', path: () => '/encyclopedia', as: 'visitor' },
  { name: 'Search results', path: () => '/search?q=should', as: 'visitor' },
  { name: 'Log in', path: () => '/login', as: 'visitor' },
  { name: 'Sign up', path: () => '/signup', as: 'visitor' },
  { name: 'Privacy policy', path: () => '/privacy', as: 'visitor' },
  { name: 'Not found', path: () => '/no/such/page', as: 'visitor' },
  { name: 'Notifications', path: () => '/notifications', as: 'member' },
  { name: 'Personal details', path: () => '/settings/details', as: 'member' },
  { name: 'Settings', path: () => '/app/settings', as: 'member' },
  { name: 'Changes of mind', path: () => '/app/history', as: 'member' },
  { name: 'My Opinion DNA', path: () => '/reports/my-opinion-dna', as: 'member' },
  { name: 'Detailed report', path: () => '/reports/details/ownership', as: 'member' },
  { name: 'Detailed report, locked', path: () => '/reports/details/opiniondna', as: 'member' },
  { name: 'Quiz, demographics gate', path: () => '/q/fundamentals-sc', as: 'member' },
];

const widths = [1280, 375];
const phoneWidth = 375;

const axeSource = (
  createRequire(import.meta.url)('axe-core') as {
    source: string;
  }
).source;

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's Content Security Policy allows.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      document: unknown;
    };
    const results = await scope.axe.run(scope.document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return results.violations;
  });
  return violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
}

/**
 * How far the document is wider than the window, with the elements that stick out past its right
 * edge (the outermost of each), so that a failure says what to fix.
 */
async function horizontalOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    type Box = { right: number; width: number };
    type Element = {
      tagName: string;
      className: unknown;
      parentElement: { getBoundingClientRect(): Box; closest(selector: string): unknown } | null;
      getBoundingClientRect(): Box;
    };
    const { document } = globalThis as unknown as {
      document: {
        documentElement: { scrollWidth: number; clientWidth: number };
        querySelectorAll(selector: string): ArrayLike<Element>;
      };
    };
    const root = document.documentElement;
    const edge = root.clientWidth + 1;
    // The outermost elements past the edge; what a visually-hidden box holds is clipped by it.
    const culprits = Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const parent = element.parentElement;
        if (!parent || parent.closest('.visually-hidden')) return false;
        return box.width > 0 && box.right > edge && parent.getBoundingClientRect().right <= edge;
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
    return { overflow: root.scrollWidth - root.clientWidth, culprits };
  });
}

function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
}

describe.skipIf(isBrowserMissing)('accessibility (axe-core)', () => {
  let browser: Browser;
  const pages: Partial<Record<PageEntry['as'], Page>> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    const feedAnswer = await fetch(`${baseUrl}/api/opinion/userfeed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: {} }),
    });
    const feed = (await feedAnswer.json()) as { body: { Opinions: { Slug: string }[] } };
    demo.opinion = feed.body.Opinions[0]!.Slug;
    const topics = (await fetch(`${baseUrl}/api/topic/getall`).then((response) =>
      response.json(),
    )) as { body: { Topics: { Slug: string }[] } };
    demo.topic = topics.body.Topics[0]!.Slug;

    pages.visitor = await newVisitor(browser);
    await pages.visitor.goto('/');
    await dismissCookies(pages.visitor);
    pages.member = await newVisitor(browser);
    await pages.member.goto('/');
    await dismissCookies(pages.member);
    await signUpThroughPanel(pages.member, uniqueAccount('axe'));
    // The member votes on the opinion, as a member does, so that its page shows the results and
    // how different people voted.
    await pages.member.setViewportSize({ width: phoneWidth, height: 900 });
    await pages.member.goto(`/o/${demo.opinion}`);
    await pages.member.getByRole('button', { name: 'Agree', exact: true }).click();
    await pages.member.getByRole('button', { name: 'Update your vote' }).waitFor();
    // Half of the free Ownership quiz, so that its detailed report draws the member's own scores.
    await pages.member.evaluate(async () => {
      const quiz = (await (await fetch('/api/quiz/get?slug=ownership')).json()) as {
        body: { Quiz: { OpinionIDs: number[] } };
      };
      for (const [index, id] of quiz.body.Quiz.OpinionIDs.slice(0, 18).entries()) {
        await fetch('/api/opinion/vote', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ body: { id, rating: (index % 5) + 1 } }),
        });
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Each page is loaded once and checked at every width: the layouts follow the width by CSS
  // alone (docs/decisions/085), so a page resized is the page loaded at that width.
  for (const entry of pageTable) {
    it(`${entry.name} has no serious or critical violation at ${widths.join(' or ')} px`, async () => {
      const page = pages[entry.as]!;
      await page.setViewportSize({ width: widths[0]!, height: 900 });
      await page.goto(entry.path());
      await page.waitForLoadState('networkidle');
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        const violations = await seriousViolations(page);
        expect(violations, `at ${width} px: ${describeViolations(violations)}`).toEqual([]);
        if (width === phoneWidth) {
          const { overflow, culprits } = await horizontalOverflow(page);
          expect(overflow, `wider than the screen by: ${culprits.join(', ')}`).toBeLessThanOrEqual(
            0,
          );
        }
      }
    });
  }

  it('at 375 px every page of the table is no wider than the screen in the other state too', async () => {
    // The table checks each page once, logged out or in; a phone shows each both ways.
    const wider: string[] = [];
    for (const entry of pageTable) {
      const other = entry.as === 'visitor' ? 'member' : 'visitor';
      const page = pages[other]!;
      await page.setViewportSize({ width: phoneWidth, height: 900 });
      await page.goto(entry.path());
      await page.waitForLoadState('networkidle');
      const { overflow, culprits } = await horizontalOverflow(page);
      if (overflow > 0) wider.push(`${entry.name} as ${other}: ${culprits.join(', ')}`);
    }
    expect(wider).toEqual([]);
  });
});
