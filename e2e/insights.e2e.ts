import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demographicsConsentText } from '../contract/demographics.base.ts';
import {
  baseUrl,
  dismissCookies,
  isBrowserMissing,
  launchBrowser,
  newVisitor,
  screenshot,
  seriousViolations,
  signUpThroughPanel,
  uniqueAccount,
} from './fixtures.ts';

/**
 * Issue 22's journey (docs/decisions/053-insights-screens.md): a member with personal details
 * votes on a much-voted demo opinion; their insights and the charts appear, two insights and one
 * chart until 'See more', which reveals the rest; the opinion's topic page shows where people
 * stand (the groups' map, each group's opinions, what unites everyone). axe finds no serious or
 * critical violation on either screen.
 */

type DemoUser = { demographics?: Record<string, string | number> };
type FeedOpinion = {
  Slug: string;
  ArtifactID: number;
  NumVotes: number;
  Topics: { Slug: string }[];
  Tidbit: { Desc: string } | null;
};

const root = path.resolve(import.meta.dirname, '..');

/** Each demographic field's most common answer among the demo members: the best-counted profile. */
function commonestDemoProfile(): Record<string, string | number> {
  const users = JSON.parse(
    fs.readFileSync(path.join(root, 'content/demo/users.json'), 'utf8'),
  ) as DemoUser[];
  const tallies = new Map<string, Map<string | number, number>>();
  for (const user of users) {
    for (const [field, value] of Object.entries(user.demographics ?? {})) {
      const tally = tallies.get(field) ?? new Map<string | number, number>();
      tally.set(value, (tally.get(value) ?? 0) + 1);
      tallies.set(field, tally);
    }
  }
  return Object.fromEntries(
    [...tallies].map(([field, tally]) => [field, [...tally].sort((a, b) => b[1] - a[1])[0]![0]]),
  );
}

async function api<T>(pathAndQuery: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${pathAndQuery}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify({ body }),
  });
  const answer = (await response.json()) as { body: T };
  return answer.body;
}

describe.skipIf(isBrowserMissing)('insights and opinion groups', () => {
  let browser: Browser;
  let opinion: FeedOpinion;
  let groupedTopic: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // The much-voted opinions of the demo content: the visitor's feed, most votes first.
    const feed = await api<{ Opinions: FeedOpinion[] }>('/api/opinion/userfeed', {});
    const byVotes = [...feed.Opinions].sort((a, b) => b.NumVotes - a.NumVotes);
    // One whose topic has opinion groups, for the topic page's half of the journey.
    for (const candidate of byVotes) {
      for (const topic of candidate.Topics) {
        const groups = await api<{ Groups: unknown[] }>(
          `/api/topic/groups?slug=${encodeURIComponent(topic.Slug)}`,
        );
        if (groups.Groups.length > 0) {
          opinion = candidate;
          groupedTopic = topic.Slug;
          return;
        }
      }
    }
    throw new Error('No demo opinion in the visitor feed has a topic with opinion groups');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows a voter their insights and the charts, then the rest after See more', async () => {
    const page = await newVisitor(browser);
    await page.goto(`/o/${opinion.Slug}`);
    await dismissCookies(page);
    const insights = page.getByRole('region', { name: 'Insights' });

    // Counted figures only: votes, comments, shares, and no estimated views (decision 069).
    const figureLabels = page.locator('article:has(h1) dl dt');
    await figureLabels.first().waitFor();
    const figures = await figureLabels.allTextContents();
    expect(figures).toHaveLength(3);
    expect(figures.join(' ')).not.toMatch(/view|estimated/);
    // The card's tidbit reads as people write it (decision 068).
    if (opinion.Tidbit) {
      const tidbit = page.getByRole('complementary', { name: 'Insight' });
      await tidbit.getByText(opinion.Tidbit.Desc, { exact: true }).waitFor();
      expect(opinion.Tidbit.Desc).toMatch(/^[A-Z][^:]+: \d+% agree, against \d+% of everyone$/);
      expect(opinion.Tidbit.Desc).not.toMatch(/people whose/);
    }

    // Before a vote: the invitation, and links to the groups of the opinion's topics.
    await insights.getByText(/^Vote to see how you compare with other people/).waitFor();
    await insights
      .getByRole('link', { name: new RegExp(`^Where people stand on `) })
      .first()
      .waitFor();
    await expect(insights.getByRole('list', { name: 'Your insights' }).count()).resolves.toBe(0);

    // A member with the demo members' commonest details votes.
    await signUpThroughPanel(page, uniqueAccount('insight'));
    const saved = await page.evaluate(
      async ({ profile, consent }) => {
        const response = await fetch('/api/user/demographics/set', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ body: { ...profile, consent } }),
        });
        return response.status;
      },
      { profile: commonestDemoProfile(), consent: demographicsConsentText },
    );
    expect(saved).toBe(200);
    await page.reload();
    // The page's own requests of the reload answered first, so the response awaited below is the
    // one after the vote (under load, the reload's insight request once answered after the click).
    await page.waitForLoadState('networkidle');
    // What the page is sent after the vote is what it must show. (A second fetch of our own could
    // see counts the insight refresh job has changed meanwhile.)
    const afterVote = page.waitForResponse(
      (response) =>
        response.url().includes(`/api/insight/get?opinionID=${opinion.ArtifactID}`) &&
        response.request().method() === 'GET',
    );
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
    await page.getByRole('button', { name: 'Update your vote' }).waitFor();

    // The personal insights arrive with the vote: two, then all after 'See more'.
    const list = insights.getByRole('list', { name: 'Your insights' });
    await list.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    const answer = (
      (await (await afterVote).json()) as {
        body: { Insights: { Desc: string }[]; Groups: { TopicSlug: string }[] };
      }
    ).body;
    expect(answer.Insights.length).toBeGreaterThan(0);
    const shownFirst = Math.min(2, answer.Insights.length);
    await expect(list.getByRole('listitem').count()).resolves.toBe(shownFirst);
    await list.getByText(answer.Insights[0]!.Desc).waitFor();
    // Each line names its group, then how many of it vote as the member did (decision 068).
    for (const insight of answer.Insights) {
      expect(insight.Desc).toMatch(
        /^[A-Z][^:]+: \d+% (agree, as you do|disagree, as you do|are neutral, as you are)$/,
      );
    }
    if (answer.Insights.length > 2) {
      const more = insights.getByRole('button', {
        name: `See more (${answer.Insights.length - 2})`,
      });
      await expect(more.getAttribute('aria-expanded')).resolves.toBe('false');
      await more.click();
      await expect.poll(() => list.getByRole('listitem').count()).toBe(answer.Insights.length);
      await list.getByText(answer.Insights.at(-1)!.Desc).waitFor();
    }

    // The charts: the first field only, each an SVG image with a summary and a table behind it.
    const matrix = insights.getByRole('region', { name: 'How different people voted' });
    const charts = matrix.getByRole('figure');
    await expect(charts.count()).resolves.toBe(1);
    const firstImage = charts.first().getByRole('img');
    await expect(firstImage.getAttribute('aria-label')).resolves.toMatch(/% agree, \d+% disagree/);
    await expect(charts.first().locator('table th[scope="col"]').count()).resolves.toBe(6);
    await screenshot(page, 'insights-voted');
    const moreCharts = matrix.getByRole('button', { name: /^See more \(\d+ more charts\)$/ });
    const hidden = Number(/\((\d+)/.exec((await moreCharts.textContent()) ?? '')![1]);
    await moreCharts.click();
    await expect.poll(() => charts.count()).toBe(1 + hidden);
    await matrix.getByRole('button', { name: 'See less' }).waitFor();
    // Where the groups stand: one chart per topic with groups, the member's group (if any) marked.
    const groupsPart = insights.getByRole('region', { name: 'Where the groups stand' });
    const groupCharts = await groupsPart.getByRole('figure').count();
    expect(groupCharts).toBe(new Set(answer.Groups.map((group) => group.TopicSlug)).size);

    expect(await seriousViolations(page)).toEqual([]);
  }, 90_000);

  it('shows where people stand on the topic page: the map, the groups and what unites everyone', async () => {
    const page = await newVisitor(browser);
    await page.goto(`/t/${groupedTopic}`);
    await dismissCookies(page);
    const section = page.getByRole('region', { name: 'Where people stand' });
    await section.waitFor();
    const map = section.getByRole('img', { name: /^Map of \d+ voters in \d+ opinion groups/ });
    await map.waitFor({ timeout: 20_000 });
    const groups = await api<{ Groups: { ID: number; Size: number }[]; Map: unknown[] }>(
      `/api/topic/groups?slug=${encodeURIComponent(groupedTopic)}`,
    );
    await expect(
      section.getByRole('list', { name: 'Groups' }).getByRole('listitem').count(),
    ).resolves.toBe(groups.Groups.length);
    await section.getByRole('heading', { name: 'What unites everyone' }).waitFor();
    await section
      .getByRole('heading', { name: /^Group [A-Z]/ })
      .first()
      .waitFor();
    await screenshot(page, 'insights-topic-groups');
    expect(await seriousViolations(page)).toEqual([]);

    // A phone's width: the map and the legend stack, nothing runs off the side.
    await page.setViewportSize({ width: 390, height: 844 });
    await map.waitFor();
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);
});
