import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  dismissCookies,
  isBrowserMissing,
  launchBrowser,
  layoutShiftWhile,
  newVisitor,
  screenshot,
  signInAsAdmin,
  signUpThroughPanel,
  uniqueAccount,
} from './fixtures.ts';

/**
 * Questions and arguments (docs/decisions/047 and 048): the question feed and its category tabs,
 * a question's positions with their votes and strongest arguments, the argument feed and its
 * orders, each argument followed into its thread; axe, layout shift and a phone's width on the
 * three pages; the search box's typed results; and the staff screens.
 */

type Category = { ID: number; Title: string; NumConvos: number };
type ConvoTuple = { ID: number; Slug: string; Title: string; Link: string; Category: Category };
type ArgumentTuple = {
  ID: number;
  Link: string;
  LikeNum: number;
  Persuaded: number;
  Title: string;
};

async function post<Body>(path: string, body: unknown): Promise<Body> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  const answer = (await response.json()) as { success: boolean; body: Body; error?: string };
  if (!answer.success) throw new Error(`${path}: ${answer.error}`);
  return answer.body;
}

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

type AxeViolation = { id: string; impact: string | null; help: string; nodes: unknown[] };

/** axe-core's serious and critical violations on the page as it is (as e2e/accessibility). */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
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

/** The widest element's right edge beyond the viewport: 0 when nothing scrolls sideways. */
async function horizontalOverflow(page: Page): Promise<number> {
  return Number(
    await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    ),
  );
}

/** The comment a `#comment-{id}` link leads to: shown, highlighted and focused in its thread. */
async function expectLinkedComment(page: Page, commentId: number) {
  await page.waitForURL(new RegExp(`/o/[^#]+#comment-${commentId}$`));
  const comment = page.locator(`#comment-${commentId}`);
  await comment.waitFor();
  await expect
    .poll(() => page.evaluate('document.activeElement?.id'), { timeout: 10_000 })
    .toBe(`comment-${commentId}`);
  const box = await comment.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'the linked comment is on screen').not.toBeNull();
  expect(box!.y).toBeLessThan(viewport.height);
  expect(box!.y + box!.height).toBeGreaterThan(0);
}

describe.skipIf(isBrowserMissing)('questions and arguments', () => {
  let browser: Browser;
  let categories: Category[] = [];
  let questionSlug = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const feed = await post<{ Feed: ConvoTuple[]; Categories: Category[] }>('/api/convo/feed', {
      categoryID: 'all',
    });
    categories = feed.Categories.filter((category) => category.NumConvos > 0);
    // A question whose positions have arguments on both sides, for the page checks.
    for (const question of feed.Feed) {
      const answer = await fetch(`${baseUrl}/api/convo/get?slug=${question.Slug}`);
      const body = (await answer.json()) as {
        body: { Positions: { For: unknown[]; Against: unknown[] }[] };
      };
      if (body.body.Positions.some((p) => p.For.length > 0 && p.Against.length > 0)) {
        questionSlug = question.Slug;
        break;
      }
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the demo has questions in several categories and arguments on both sides', () => {
    expect(categories.length).toBeGreaterThanOrEqual(2);
    expect(questionSlug).not.toBe('');
  });

  it('journey: /questions → a category tab → a question → vote → an argument → /arguments → a thread', async () => {
    const page = await newVisitor(browser, 1280, 900);
    await page.goto('/questions');
    await dismissCookies(page);
    expect(await page.title()).toBe('Questions on Stance');
    await page.getByRole('heading', { level: 1, name: 'Questions on Stance' }).waitFor();

    // The tabs: All first and chosen; the arrow key moves to the next category and shows it.
    const tabs = page.getByRole('tablist', { name: 'Categories' }).getByRole('tab');
    await tabs.nth(1).waitFor();
    expect(await tabs.first().textContent()).toBe('All');
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel').getByRole('article').first().waitFor();
    await screenshot(page, 'questions-feed-1280');

    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    const chosen = tabs.nth(1);
    await expect.poll(() => chosen.getAttribute('aria-selected')).toBe('true');
    const categoryTitle = (await chosen.textContent())!;
    expect(await page.evaluate('document.activeElement?.textContent')).toBe(categoryTitle);
    const category = categories.find((item) => item.Title === categoryTitle);
    await page.waitForURL(/\?category=\d+$/);
    expect(new URL(page.url()).searchParams.get('category')).toBe(String(category?.ID));
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('article').first().waitFor();
    const expected = await post<{ Feed: ConvoTuple[] }>('/api/convo/feed', {
      categoryID: category!.ID,
    });
    await expect
      .poll(() => panel.getByRole('article').getByRole('heading', { level: 2 }).allTextContents())
      .toEqual(expected.Feed.map((question) => question.Title));

    // Into a question with arguments on both sides.
    await page.goto(`/question/${questionSlug}`);
    const question = await fetch(`${baseUrl}/api/convo/get?slug=${questionSlug}`).then(
      (response) =>
        response.json() as Promise<{
          body: {
            Convo: { Title: string };
            Positions: {
              Opinion: { Title: string };
              For: ArgumentTuple[];
              Against: ArgumentTuple[];
            }[];
          };
        }>,
    );
    const { Convo: convo, Positions: positions } = question.body;
    await page.getByRole('heading', { level: 1, name: convo.Title }).waitFor();
    expect(await page.title()).toBe(`${convo.Title} · Stance`);
    const positionSections = page.getByRole('list', { name: 'Positions' }).getByRole('region');
    expect(await positionSections.count()).toBe(positions.length);
    await screenshot(page, 'question-page-1280');

    // Vote on the first position: a visitor is asked to sign up first, then votes.
    await signUpThroughPanel(page, uniqueAccount('questions'));
    const first = positionSections.first();
    await first
      .getByRole('group', { name: `Your vote on “${positions[0]!.Opinion.Title}”` })
      .getByRole('button', { name: 'Agree', exact: true })
      .click();
    await first.getByRole('list', { name: 'How people voted' }).waitFor({ timeout: 15_000 });
    await first.getByRole('button', { name: 'Update your vote' }).waitFor();

    // Read an argument: the strongest one for, in its thread.
    const withBoth = positions.findIndex((p) => p.For.length > 0 && p.Against.length > 0);
    const argument = positions[withBoth]!.For[0]!;
    const section = positionSections.nth(withBoth);
    await section.getByRole('link', { name: `Read in its thread: ${argument.Title}` }).click();
    await expectLinkedComment(page, argument.ID);

    // The argument feed: bridging first, then Most liked, and one followed into its thread.
    await page.goto('/arguments');
    expect(await page.title()).toBe('Arguments on Stance');
    const order = page.getByRole('group', { name: 'Order' });
    expect(await order.getByRole('radio', { name: 'Convincing across sides' }).isChecked()).toBe(
      true,
    );
    const list = page.getByRole('list', { name: 'Arguments' });
    await list.getByRole('article').first().waitFor();
    await screenshot(page, 'arguments-feed-1280');
    const bridging = await post<{ Feed: ArgumentTuple[] }>('/api/arg/feed', { sort: 'bridging' });
    expect(await list.getByRole('article').first().getAttribute('aria-label')).toContain(
      bridging.Feed[0]!.Title,
    );

    // Most persuasive: the arguments that changed the most minds (the demo credits some) first.
    await order.getByText('Most persuasive').click();
    await page.waitForURL(/\?sort=persuasive$/);
    const persuasive = await post<{ Feed: ArgumentTuple[] }>('/api/arg/feed', {
      sort: 'persuasive',
    });
    const minds = persuasive.Feed.map((item) => item.Persuaded);
    expect(minds[0]).toBeGreaterThan(0);
    expect(minds).toEqual([...minds].sort((a, b) => b - a));
    const firstCard = list.getByRole('article').first();
    await expect
      .poll(() => firstCard.getAttribute('aria-label'))
      .toContain(persuasive.Feed[0]!.Title);
    await firstCard.getByText(/^Changed \d+ minds?$/).waitFor();

    await order.getByText('Most liked').click();
    await page.waitForURL(/\?sort=liked$/);
    const liked = await post<{ Feed: ArgumentTuple[] }>('/api/arg/feed', { sort: 'liked' });
    await expect
      .poll(() => list.getByRole('article').first().getAttribute('aria-label'))
      .toContain(liked.Feed[0]!.Title);
    const likes = liked.Feed.map((item) => item.LikeNum);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));

    const target = liked.Feed[1]!;
    await list
      .getByRole('link', { name: `Read in its thread: ${target.Title}` })
      .first()
      .click();
    await expectLinkedComment(page, target.ID);
    await page.context().close();
  });

  it('the search box shows questions, positions and arguments typed, and links them', async () => {
    const page = await newVisitor(browser, 1280, 900);
    await page.goto('/');
    await dismissCookies(page);
    const box = page.getByRole('combobox', { name: 'Search Stance' });
    const results = page.getByRole('listbox', { name: 'Search results' });

    /** Types `text` and returns the option of that type and title (substring). */
    async function resultFor(text: string, label: string, title: string) {
      await box.fill(text);
      const option = results.getByRole('option', { name: `${label} ${title}` }).first();
      await option.waitFor({ timeout: 10_000 });
      return option;
    }

    const question = (await post<{ Feed: ConvoTuple[] }>('/api/convo/feed', { categoryID: 'all' }))
      .Feed[0]!;
    const questionOption = await resultFor(
      question.Title.split(' ').slice(0, 4).join(' '),
      'Question',
      question.Title,
    );
    expect(await questionOption.getAttribute('href')).toBe(question.Link);
    await screenshot(page, 'questions-search-1280');
    await questionOption.click();
    await page.getByRole('heading', { level: 1, name: question.Title }).waitFor();

    // A position leads to its section of the question page, which takes the focus.
    const convo = (await fetch(`${baseUrl}/api/convo/get?slug=${question.Slug}`).then((response) =>
      response.json(),
    )) as { body: { Positions: { Opinion: { ArtifactID: number; Title: string } }[] } };
    const position = convo.body.Positions[0]!.Opinion;
    const positionOption = await resultFor(position.Title, 'Position', position.Title);
    expect(await positionOption.getAttribute('href')).toMatch(
      new RegExp(`^/question/[^#]+#position-${position.ArtifactID}$`),
    );
    await positionOption.click();
    await expect
      .poll(() => page.evaluate('document.activeElement?.id'), { timeout: 10_000 })
      .toBe(`position-${position.ArtifactID}`);

    // An argument leads to the comment in its thread.
    const argument = (await post<{ Feed: ArgumentTuple[] }>('/api/arg/feed', {})).Feed[0]!;
    const argumentOption = await resultFor(
      argument.Title.split(' ').slice(0, 6).join(' '),
      'Argument',
      argument.Title.split(' ').slice(0, 3).join(' '),
    );
    expect(await argumentOption.getAttribute('href')).toMatch(
      new RegExp(`^/o/[^#]+#comment-${argument.ID}$`),
    );
    await argumentOption.click();
    await expectLinkedComment(page, argument.ID);
    await page.context().close();
  });

  for (const width of [1280, 375]) {
    it(`the three pages at ${width} px: no serious axe violation, nothing wider than the screen`, async () => {
      const page = await newVisitor(browser, width, 900);
      await page.goto('/questions');
      await dismissCookies(page);
      for (const [name, path] of [
        ['questions', '/questions'],
        ['question', `/question/${questionSlug}`],
        ['arguments', '/arguments'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('article').first().waitFor();
        await page.waitForLoadState('networkidle');
        const violations = await seriousViolations(page);
        expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
        expect(await horizontalOverflow(page), `${path} scrolls sideways`).toBe(0);
        await screenshot(page, `${name}-${width}`);
      }
      await page.context().close();
    });
  }

  for (const [width, height] of [
    [1350, 940],
    [412, 823],
  ] as const) {
    for (const path of ['/questions', '/arguments']) {
      it(`${path} at ${width} px shifts by at most 0.1 while it loads`, async () => {
        const page = await newVisitor(browser, width, height);
        const shift = await layoutShiftWhile(page, () => page.goto(path));
        expect(shift).toBeLessThanOrEqual(0.1);
        await page.context().close();
      });
    }
  }

  it('staff manage a category, write a question from existing opinions and upload its image', async () => {
    const page = await newVisitor(browser, 1280, 900);
    await page.goto('/internal/admin');
    await dismissCookies(page);
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Questions and categories' }).click();
    await page.getByRole('heading', { level: 1, name: 'Questions and categories' }).waitFor();

    const categoryTitle = `Journey ${Date.now().toString(36)}`;
    await page.getByLabel('New category').fill(categoryTitle);
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('button', { name: `Rename ${categoryTitle}` }).waitFor();

    await page.getByRole('link', { name: 'New question', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'New question' }).waitFor();
    const title = `Should the journey test write questions ${Date.now().toString(36)}?`;
    await page.getByLabel('Question', { exact: true }).fill(title);
    await page.getByLabel('Description (optional)').fill('Written by the browser journey.');
    await page.getByLabel('Category').selectOption({ label: categoryTitle });
    const feed = await post<{ Opinions: { Title: string }[] }>('/api/opinion/userfeed', {});
    for (const opinion of feed.Opinions.slice(0, 2)) {
      await page.getByLabel('Find an opinion, or type a new one').fill(opinion.Title);
      await page
        .getByRole('list', { name: 'Matching opinions' })
        .getByRole('button', { name: `+ ${opinion.Title}` })
        .click();
    }
    await page
      .getByLabel('Find an opinion, or type a new one')
      .fill('Journeys deserve a position of their own');
    await page
      .getByRole('button', {
        name: 'Create a new opinion “Journeys deserve a position of their own”',
      })
      .click();
    expect(
      await page.getByRole('list', { name: 'Chosen positions' }).getByRole('listitem').count(),
    ).toBe(3);

    // A text file is refused by type (415), and nothing is kept of it.
    const fileInput = page.getByLabel('Choose an image');
    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await page.getByRole('button', { name: 'Publish question' }).click();
    // The question is saved; its edit page opens with the image's error.
    await page.getByRole('heading', { level: 1, name: 'Edit question' }).waitFor();
    await page
      .getByText('That file type is not accepted: choose a JPEG, PNG or WebP image.')
      .waitFor();
    await screenshot(page, 'question-editor-415');

    const jpeg = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 63, g: 60, b: 187 } },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Choose an image')
      .setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const image = page.locator('img[srcset]').first();
    await image.waitFor();
    expect(await image.getAttribute('srcset')).toMatch(/ 320w, .* 640w, .* 1280w$/);
    expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(await image.getAttribute('height'))).toBeGreaterThan(0);
    expect(await page.getByRole('list', { name: 'Positions' }).getByRole('region').count()).toBe(3);
    await screenshot(page, 'question-created');
    await page.context().close();
  });
});
