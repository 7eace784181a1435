import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seriousViolations,
  baseUrl,
  dismissCookies,
  isBrowserMissing,
  launchBrowser,
  newVisitor,
  screenshot,
  signUpThroughPanel,
  uniqueAccount,
} from './fixtures.ts';

/**
 * Sharing a result (docs/decisions/041): a member answers the free Ownership quiz, shares the
 * report without their name, and a logged-out visitor opens the link: the frozen scores, no
 * username, and a picture for link previews that renders. Stopping sharing removes it.
 */

const screenshotDir = path.resolve(import.meta.dirname, 'screenshots');

/**
 * What the journeys use of the browser's globals (the e2e project compiles without the DOM). A
 * type only: code run in the page cannot call a function of this module.
 */
type BrowserGlobals = {
  document: { activeElement: unknown };
  navigator: { clipboard: { readText(): Promise<string> } };
  Image: new () => {
    src: string;
    naturalWidth: number;
    naturalHeight: number;
    decode(): Promise<void>;
  };
};

/** Answers every Ownership statement through the API, in the page (the member's session). */
async function answerOwnershipQuiz(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const quiz = (await (await fetch('/api/quiz/get?slug=ownership')).json()) as {
      body: { Quiz: { OpinionIDs: number[] } };
    };
    // A pattern that leaves the six scores apart (a balanced key turns many into 50s).
    const ratings = [2, 1, 1, 4, 2, 1, 5];
    const ids = quiz.body.Quiz.OpinionIDs;
    for (const [index, id] of ids.entries()) {
      const response = await fetch('/api/opinion/vote', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ body: { id, rating: ratings[index % ratings.length] } }),
      });
      if (!response.ok) throw new Error(`vote on ${id}: ${response.status}`);
    }
    return ids.length;
  });
}

/** The scores the reports API computed for the member, by entry name. */
async function ownershipScores(page: Page): Promise<Map<string, number | null>> {
  const response = await page.request.get('/api/reports/getdetailed?name=ownership');
  const answer = (await response.json()) as {
    body: { Entries: { Name: string }[]; Reports: { ownership: (number | null)[] } };
  };
  return new Map(
    answer.body.Entries.map((entry, index) => [entry.Name, answer.body.Reports.ownership[index]!]),
  );
}

describe.skipIf(isBrowserMissing)('sharing a result', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 375]) {
    it(`a member shares Ownership without their name, a visitor sees it, then it is removed (${width} px)`, async () => {
      const member = await newVisitor(browser, width, 900);
      await member.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: baseUrl,
      });
      const account = uniqueAccount('sharer');
      await member.goto('/');
      await dismissCookies(member);
      await signUpThroughPanel(member, account);
      expect(await answerOwnershipQuiz(member)).toBe(36);
      const scores = await ownershipScores(member);
      expect([...scores.values()].every((score) => score !== null)).toBe(true);

      // The panel: what will be public, the name off by default.
      await member.goto('/reports/details/ownership');
      const panel = member.getByRole('region', { name: 'Share your Ownership result' });
      await panel.getByRole('button', { name: 'Share this result' }).click();
      const showName = panel.getByRole('checkbox', { name: 'Show my username' });
      await expect
        .poll(() =>
          showName.evaluate(
            (box) => box === (globalThis as unknown as BrowserGlobals).document.activeElement,
          ),
        )
        .toBe(true);
      expect(await showName.isChecked()).toBe(false);
      await expect
        .poll(() => panel.textContent())
        .toContain('What will be public: your Ownership scores as they are now');
      await panel.scrollIntoViewIfNeeded();
      await screenshot(member, `share-panel-form-${width}`);

      await panel.getByRole('button', { name: 'Create public link' }).click();
      const linkField = panel.getByRole('textbox', { name: 'Your public link' });
      await linkField.waitFor();
      const link = await linkField.inputValue();
      expect(link).toMatch(new RegExp(`^${baseUrl}/r/[A-Za-z0-9_-]{24}$`));
      await panel.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect
        .poll(() =>
          member.evaluate(() =>
            (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText(),
          ),
        )
        .toBe(link);
      await expect.poll(() => panel.getByRole('listitem').count()).toBe(1);
      expect(await panel.getByRole('listitem').textContent()).toContain('no name shown');
      await panel.scrollIntoViewIfNeeded();
      await screenshot(member, `share-panel-created-${width}`);
      expect(await seriousViolations(member, panel)).toEqual([]);

      // A visitor with no session opens the link: the scores, no username.
      const visitor = await newVisitor(browser, width, 900);
      const response = await visitor.goto(link);
      expect(response?.status()).toBe(200);
      await dismissCookies(visitor);
      // The app's page (the server's HTML comes first, then the app replaces it).
      await visitor.getByRole('heading', { name: 'Where do you stand?' }).waitFor();
      await visitor.getByRole('heading', { name: 'Ownership', level: 1 }).waitFor();
      const scoreList = visitor.getByRole('list', { name: 'Scores' });
      await expect.poll(() => scoreList.getByRole('listitem').count()).toBe(scores.size);
      for (const [name, score] of scores) {
        const row = scoreList.getByRole('listitem').filter({ hasText: name });
        expect(await row.locator('strong').textContent(), name).toBe(String(score));
        expect(await row.getByRole('img').getAttribute('aria-label')).toContain(
          `${name}: ${score} out of 100`,
        );
      }
      expect(await visitor.getByText('A Stance member', { exact: true }).count()).toBe(1);
      expect(await visitor.content()).not.toContain(account.username);
      const takeQuiz = visitor.getByRole('link', { name: 'Take the quiz yourself' });
      expect(await takeQuiz.getAttribute('href')).toBe('/q/ownership');
      await screenshot(visitor, `share-public-${width}`);
      expect(await seriousViolations(visitor)).toEqual([]);
      await visitor.screenshot({
        path: path.join(screenshotDir, `share-public-full-${width}.png`),
        fullPage: true,
      });

      // The server's HTML names the picture; it is a PNG a browser draws at 1200 × 630.
      const html = await (await fetch(link)).text();
      expect(html).not.toContain(account.username);
      expect(html).toContain('<title>Ownership — a Stance result</title>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toMatch(
        /<meta name="description" content="A Stance member&#39;s Ownership result[^"]* on Stance: [^"]+" \/>/,
      );
      expect(html).toContain(
        '<meta property="og:image:alt" content="Ownership: A Stance member&#39;s scores, each with its 90 % interval" />',
      );
      const imageUrl = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      expect(imageUrl).toMatch(
        new RegExp(`^${baseUrl}/og/report/[A-Za-z0-9_-]{24}\\.png\\?v=[\\w-]{16}$`),
      );
      const image = await fetch(imageUrl!.replaceAll('&amp;', '&'));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      fs.mkdirSync(screenshotDir, { recursive: true });
      fs.writeFileSync(
        path.join(screenshotDir, `share-image-${width}.png`),
        Buffer.from(await image.arrayBuffer()),
      );
      const drawn = await visitor.evaluate(async (source) => {
        const picture = new (globalThis as unknown as BrowserGlobals).Image();
        picture.src = source;
        await picture.decode();
        return { width: picture.naturalWidth, height: picture.naturalHeight };
      }, imageUrl!);
      expect(drawn).toEqual({ width: 1200, height: 630 });

      // Stop sharing: the link says it was removed, and the picture is gone.
      member.once('dialog', (dialog) => void dialog.accept());
      await panel.getByRole('button', { name: /^Stop sharing/ }).click();
      await expect.poll(() => panel.getByRole('listitem').count()).toBe(0);
      const removed = await visitor.reload();
      expect(removed?.status()).toBe(410);
      expect(await visitor.title()).toBe('A Stance result');
      await visitor
        .getByRole('heading', { name: 'This result was removed by the person who shared it' })
        .waitFor();
      expect((await fetch(imageUrl!)).status).toBe(410);
      await screenshot(visitor, `share-removed-${width}`);

      await visitor.context().close();
      await member.context().close();
    });
  }
});
