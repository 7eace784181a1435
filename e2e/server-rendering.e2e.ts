import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTitle, type AppRouteName } from '../contract/routes.ts';
import {
  baseUrl,
  dismissCookies,
  isBrowserMissing,
  launchBrowser,
  newVisitor,
  signInAsAdmin,
  signUpThroughPanel,
  uniqueAccount,
  waitingForTheApp,
} from './fixtures.ts';

/**
 * One UI (docs/decisions/085): every public page is the web app rendered on the server. Read with
 * JavaScript off, each shows its main content; with it on, the app hydrates the server's markup:
 * no hydration error, and no element the server sent inside #root is replaced while it loads.
 */

type PublicPage = {
  path: string;
  status?: number;
  /** The document's title, in the server's HTML and once the app runs. */
  title: string;
  /** Text the page's main content shows. */
  shows: string[];
  /** Whether the page has a share image (og:image). */
  hasImage?: boolean;
  /** The page's canonical address when not its own (a feed's later page: the feed). */
  canonical?: string;
};

async function apiBody<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify({ body }),
  });
  return ((await response.json()) as { body: T }).body;
}

/** More of the reading pages: the site's lists, the feed's second page and an opinion's report. */
async function moreReadingPages(opinionSlug: string): Promise<PublicPage[]> {
  const firstPage = await apiBody<{ After: string }>('/api/opinion/userfeed', {});
  const secondPage = await apiBody<{ Opinions: { Title: string }[] }>('/api/opinion/userfeed', {
    after: firstPage.After,
  });
  const topics = await apiBody<{ Topics: { Title: string }[] }>('/api/topic/getall');
  const encyclopedia = await apiBody<{ MostVoted: { Title: string }[] }>('/api/encyclopedia/get');
  const activity = await apiBody<{ Activity: { Username: string }[] }>('/api/activity/get');
  const contributors = await apiBody<{ Contributors: { UsernameCased: string }[] }>(
    '/api/contributors/get',
  );
  const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  return [
    {
      // A reader without JavaScript pages through the feed by 'Load more', a link to this.
      path: `/?after=${encodeURIComponent(firstPage.After)}`,
      title: 'Stance · the encyclopedia of opinion',
      shows: [secondPage.Opinions[0]!.Title, 'Load more'],
      canonical: '/',
    },
    {
      path: `/o/${opinionSlug}/report`,
      title: 'Stance',
      shows: ['Access denied'],
    },
    {
      path: '/topics',
      title: 'All topics · Stance',
      shows: ['All topics', capitalized(topics.Topics[0]!.Title)],
    },
    {
      path: '/encyclopedia',
      title: 'Encyclopedia of opinion · Stance',
      shows: ['Most voted', encyclopedia.MostVoted[0]!.Title, 'Topics from A to Z'],
    },
    { path: '/categories', title: 'Categories · Stance', shows: ['Categories', 'All topics'] },
    {
      path: '/contributors',
      title: 'Top contributors · Stance',
      shows: ['Top contributors', contributors.Contributors[0]!.UsernameCased],
    },
    {
      path: '/activity',
      title: 'Latest activity · Stance',
      shows: ['Latest activity', `@${activity.Activity[0]!.Username}`],
    },
  ];
}

/** The demo's public pages, each with text from the API that its first screen must show. */
async function publicPages(): Promise<PublicPage[]> {
  const feed = await apiBody<{ Opinions: { Slug: string; Title: string }[] }>(
    '/api/opinion/userfeed',
    {},
  );
  const opinion = feed.Opinions[0]!;
  const contributors = await apiBody<{ Contributors: { UsernameCased: string }[] }>(
    '/api/contributors/get',
  );
  const member = contributors.Contributors[0]!.UsernameCased;
  const questions = await apiBody<{ Feed: { Slug: string; Title: string }[] }>(
    '/api/convo/feed',
    {},
  );
  const question = questions.Feed[0]!;
  const argumentFeed = await apiBody<{ Feed: { PosTitle: string }[] }>('/api/arg/feed', {});
  const argument = argumentFeed.Feed[0]!;
  // A word of an opinion's title finds at least that opinion.
  const searchWord =
    opinion.Title.split(/[^\p{L}]+/u).find((word) => word.length >= 5) ?? opinion.Title;
  const searchHits = await apiBody<{ Results: { Title: string }[] }>(
    `/api/search?q=${encodeURIComponent(searchWord)}`,
  );
  return [
    // Reading: the feeds, opinions, topics, and the site's lists.
    {
      path: '/',
      title: 'Stance · the encyclopedia of opinion',
      shows: [feed.Opinions[0]!.Title, feed.Opinions[1]!.Title],
    },
    {
      path: `/o/${opinion.Slug}`,
      title: `${opinion.Title} · Stance`,
      shows: [opinion.Title],
      hasImage: true,
    },
    { path: '/o/no-such-opinion', status: 404, title: 'Not found · Stance', shows: ['Not found'] },
    {
      path: '/t/culture-wars',
      title: 'Culture Wars · Stance',
      shows: ['Culture Wars', 'Where people stand'],
    },
    ...(await moreReadingPages(opinion.Slug)),
    { path: '/not-a-page', status: 404, title: 'Not found · Stance', shows: ['Not found'] },
    // People, questions, search, articles, shared results, quizzes.
    {
      path: `/u/${member}`,
      title: `Meet ${member}, a contributor to civil discourse`,
      shows: [member, 'Contributions', 'Awards'],
      hasImage: true,
    },
    {
      path: '/u/no-such-member-here',
      status: 404,
      title: 'Not found · Stance',
      shows: ['Not found'],
    },
    {
      path: `/comments/${member}`,
      title: `Opinion activity for ${member}`,
      shows: [member, 'Comments ('],
    },
    {
      path: `/search?q=${encodeURIComponent(searchWord)}`,
      title: `“${searchWord}” · Search · Stance`,
      shows: [`Results for “${searchWord}”`, searchHits.Results[0]!.Title],
    },
    { path: '/questions', title: 'Questions on Stance', shows: [question.Title] },
    { path: '/arguments', title: 'Arguments on Stance', shows: [argument.PosTitle] },
    {
      path: `/question/${question.Slug}`,
      title: `${question.Title} · Stance`,
      shows: [question.Title, 'Where do you stand on each position?'],
      hasImage: true,
    },
    {
      path: '/question/no-such-question',
      status: 404,
      title: 'Not found · Stance',
      shows: ['Not found'],
    },
    { path: '/article/about-us', title: 'About Stance · Stance', shows: ['About Stance'] },
    {
      path: '/article/no-such-article',
      status: 404,
      title: 'Not found · Stance',
      shows: ['Not found'],
    },
    { path: '/privacy', title: 'Privacy policy · Stance', shows: ['Privacy'] },
    { path: '/cookies', title: 'Cookie policy · Stance', shows: ['Cookie'] },
    { path: '/terms-of-service', title: 'Terms of service · Stance', shows: ['Terms'] },
    {
      path: '/r/AAAAAAAAAAAAAAAAAAAAAAAA',
      status: 404,
      title: 'Not found · Stance',
      shows: ['Not found'],
    },
    // A shared result and its removal: e2e/share.e2e.ts (it needs a member who answered a quiz).
    {
      path: '/q/opinion-dna',
      title: 'Stance',
      shows: ['Please log in or sign up to answer this quiz'],
    },
    // Members' and staff's pages, signing up and in: see the members' test below.
  ];
}

/**
 * Before any script runs, remembers #root's elements and markup; then counts the elements that
 * leave the page while it loads, and, at the app's mark that it has hydrated the page, compares
 * #root's markup with the server's: a browser render that differs from the server's changes it
 * (the browser's own split of a text the server sent whole does not, nor a <noscript>'s content).
 */
const watchServerMarkup = `{
  window.__replaced = [];
  window.__mismatches = [];
  const serverElements = new WeakSet();
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const root = document.getElementById('root');
    if (!root) return;
    for (const element of root.querySelectorAll('*')) serverElements.add(element);
    // What a <noscript> holds is inert text while scripts run: the app may leave it out.
    const markupOf = (element) => element.innerHTML.replace(/<noscript>[\\s\\S]*?<\\/noscript>/g, '<noscript></noscript>');
    const serverMarkup = markupOf(root);
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.removedNodes) {
          if (serverElements.has(node)) {
            window.__replaced.push(node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ').join('.') : ''));
          }
        }
      }
    }).observe(root, { childList: true, subtree: true });
    const mark = performance.mark.bind(performance);
    performance.mark = (name, options) => {
      if (name === 'stance:hydrated') {
        window.__hydrated = true;
        const markup = markupOf(root);
        let at = 0;
        while (at < markup.length && markup[at] === serverMarkup[at]) at += 1;
        if (markup !== serverMarkup) {
          window.__mismatches.push('the server sent …' + serverMarkup.slice(at - 80, at + 80) + '…, the app made …' + markup.slice(at - 80, at + 80) + '…');
        }
      }
      return mark(name, options);
    };
  });
}`;

/** A member's or staff's page, or a page of signing up and in, and what its first screen shows. */
type PrivatePage = {
  path: string;
  name: AppRouteName;
  subject?: string;
  shows: string[];
  /** Whether search engines may list it (the suggestions are public). */
  isIndexed?: boolean;
};

/** A member's own pages, each with text its first screen shows once their data is in. */
const memberPages: PrivatePage[] = [
  {
    path: '/notifications',
    name: 'notifications',
    shows: ['Notifications', 'You have no notifcations yet'],
  },
  { path: '/app/settings', name: 'appSettings', shows: ['Signed in as', 'your public profile'] },
  {
    path: '/app/history',
    name: 'opinionHistory',
    shows: ['Your changes of mind', 'You have not changed your mind on an opinion yet'],
  },
  { path: '/settings/details', name: 'demographics', shows: ['Personal details', 'Year of birth'] },
  {
    path: '/suggest',
    name: 'suggest',
    shows: ['Suggest an opinion', 'Any topic is allowed.'],
    isIndexed: true,
  },
  {
    path: '/reports/my-opinion-dna',
    name: 'dnaReport',
    shows: ['My Opinion DNA', 'Opinion DNA Core'],
  },
  {
    path: '/reports/details/opiniondna',
    name: 'detailedReport',
    subject: 'Opinion DNA Core',
    shows: ['Opinion DNA Core', 'All reports'],
  },
  {
    path: '/emailpref-iframe',
    name: 'emailPref',
    shows: ['E-mail preferences', 'e-mails from Stance about activity'],
  },
  { path: '/cookiereset', name: 'cookieReset', shows: ['Reset my cookie choice'] },
  { path: '/tracking/login', name: 'trackingDummyPage', shows: ['Logged in.'] },
];

/** What a visitor gets on members' pages and the pages of signing up and in. */
const visitorPages: PrivatePage[] = [
  {
    path: '/notifications',
    name: 'notifications',
    shows: ['Please log in to see your notifications'],
  },
  { path: '/app/settings', name: 'appSettings', shows: ['Please log in to see your settings'] },
  { path: '/signup', name: 'signup', shows: ['Sign up with e-mail'] },
  { path: '/login', name: 'login', shows: ['Continue with e-mail'] },
  { path: '/resetpassword/set?t=not-a-real-token', name: 'passwordResetNew', shows: ['password'] },
];

/** The server's #root for a reader with `cookie`: status, title and main content checked. */
async function checkServerPage(
  { path, name, subject, shows, isIndexed = false }: PrivatePage,
  cookie: string,
  username: string | null,
) {
  const response = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  expect.soft(response.status, path).toBe(200);
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  expect.soft(title, path).toBe(pageTitle(name, {}, subject));
  expect
    .soft(html.includes('name="robots" content="noindex"'), `${path} is not for search engines`)
    .toBe(!isIndexed);
  const root =
    /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(root)?.[1] ?? '';
  const text = main
    .replace(/<[^>]*>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'");
  if (username) expect.soft(root, `${path}: the top bar shows ${username}`).toContain(username);
  for (const shown of shows) expect.soft(text, `${path} shows “${shown}”`).toContain(shown);
}

/**
 * A page that reads each address it is sent to as a reader would and reports what went wrong
 * while the app hydrated it: console errors, server elements of #root removed, markup the app
 * changed, and an id given to two elements. One page (one
 * tab) reads many addresses: each is a fresh document, with the watch installed before any script.
 */
async function hydrationReader(page: Page) {
  let problems: string[] = [];
  page.on('console', (message) => {
    // A missing page's own 404 is the answer it should get.
    if (message.text().includes('status of 404')) return;
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.addInitScript({ content: watchServerMarkup });
  return async function hydrationProblems(path: string): Promise<string[]> {
    problems = [];
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    const { replaced, mismatches, isHydrated } = await page.evaluate(() => {
      const watch = globalThis as unknown as {
        __replaced: string[];
        __mismatches: string[];
        __hydrated?: boolean;
      };
      return {
        replaced: watch.__replaced,
        mismatches: watch.__mismatches,
        isHydrated: watch.__hydrated === true,
      };
    });
    // Ids the server numbered and ids the browser numbered later (the cookie banner, a part that
    // hydrated in its turn) must not meet: a label or a heading would name the wrong element.
    const duplicateIds = (await page.evaluate(`(() => {
      const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
      return ids.filter((id, index) => ids.indexOf(id) !== index);
    })()`)) as string[];
    return [
      ...problems,
      ...duplicateIds.map((id) => `duplicate id: ${id}`),
      ...(isHydrated ? [] : ['the app never marked the page hydrated']),
      ...replaced.map((element) => `replaced: ${element}`),
      ...mismatches.map((mismatch) => `hydration: ${mismatch}`),
    ];
  };
}

describe.skipIf(isBrowserMissing)('server rendering: the app on the server, hydrated', () => {
  let browser: Browser;
  let pages: PublicPage[];
  beforeAll(async () => {
    browser = await launchBrowser();
    pages = await publicPages();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends every public page with its status and head: title, description, canonical, Open Graph', async () => {
    for (const { path, status = 200, title, hasImage = false, canonical } of pages) {
      const response = await fetch(`${baseUrl}${path}`);
      const html = await response.text();
      expect.soft(response.status, path).toBe(status);
      const meta = (attribute: string, name: string) =>
        new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
      const decode = (text: string | undefined) =>
        text?.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
      expect.soft(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1]), path).toBe(title);
      expect.soft(decode(meta('property', 'og:title')), path).toBe(title);
      expect.soft(meta('name', 'description')?.length, path).toBeGreaterThan(20);
      // The page's own address: a search's query is not part of it, a feed's later page is the feed.
      const address = `${baseUrl}${canonical ?? path.split('?')[0]}`;
      expect.soft(meta('property', 'og:url'), path).toBe(address);
      expect.soft(html, path).toContain(`<link rel="canonical" href="${address}"`);
      const image = meta('property', 'og:image');
      expect.soft(image !== undefined, `${path} has an og:image`).toBe(hasImage);
      if (image) expect.soft((await fetch(image)).headers.get('content-type')).toBe('image/png');
    }
  });

  it('answers a short link with a redirect, before any page renders', async () => {
    const response = await fetch(`${baseUrl}/go/opinion-dna`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/reports/my-opinion-dna');
  });

  it(
    'shows every public page’s main content with JavaScript off',
    { timeout: 600_000 },
    async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
      const page = await context.newPage();
      for (const { path, shows } of pages) {
        await page.goto(path);
        const main = (await page.locator('main').textContent()) ?? '';
        for (const text of shows) expect.soft(main, `${path} shows “${text}”`).toContain(text);
      }
      await context.close();
    },
  );

  it('pages and orders the lists, and opens Log in and Sign up, with JavaScript off', async () => {
    type Listed = { Link: string };
    type ListPage = { After: string; EndReached: boolean };
    const contributors = await apiBody<{ Contributors: { UsernameCased: string }[] }>(
      '/api/contributors/get',
    );
    const member = contributors.Contributors[0]!.UsernameCased;
    const comments = (after?: string) =>
      apiBody<ListPage & { Comments: Listed[] }>(
        `/api/user/getcomments?username=${member}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      ).then((page) => ({ ...page, items: page.Comments }));
    const argumentsPage = (after?: string) =>
      apiBody<ListPage & { Feed: Listed[] }>('/api/arg/feed', after ? { after } : {}).then(
        (page) => ({ ...page, items: page.Feed }),
      );
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
    const page = await context.newPage();
    const reader = await newVisitor(browser);
    // The link alone: the lists' scroll trigger (tested with the feeds) would load the next page
    // as the link scrolls into view, and take the link away under the click that asks for a tab.
    await reader.addInitScript(
      'window.IntersectionObserver = class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } };',
    );
    await reader.goto('/');
    await dismissCookies(reader);
    for (const [path, list] of [
      [`/comments/${member}`, comments],
      ['/arguments', argumentsPage],
    ] as const) {
      const first = await list();
      expect(first.EndReached, `${path} has a second page in the demo`).toBe(false);
      const second = await list(first.After);
      await page.goto(path);
      await page.getByRole('link', { name: 'Load more' }).click();
      await page.waitForURL(/[?&]after=/);
      const links = await page
        .locator('main a')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      expect(links, `${path}’s second page`).toContain(second.items[0]!.Link);
      expect(links, `${path}’s second page`).not.toContain(first.items[0]!.Link);

      // With JavaScript the same link adds the next page below, at the same address; a click for
      // a new tab opens the next page there.
      await reader.goto(path);
      const [nextTab] = await Promise.all([
        reader.context().waitForEvent('page'),
        reader.getByRole('link', { name: 'Load more' }).click({ modifiers: ['ControlOrMeta'] }),
      ]);
      await nextTab.waitForURL(/[?&]after=/);
      await nextTab.close();
      expect(new URL(reader.url()).search, 'the reader’s own tab stays').toBe('');
      await reader.getByRole('link', { name: 'Load more' }).click();
      await reader.locator(`main a[href="${second.items[0]!.Link}"]`).first().waitFor();
      expect(
        await reader.locator(`main a[href="${first.items[0]!.Link}"]`).count(),
      ).toBeGreaterThan(0);
      expect(new URL(reader.url()).search).toBe('');
    }

    // The arguments' order: its radio buttons and, without JavaScript, a Show button (`?sort=`).
    const liked = await apiBody<{ Feed: Listed[] }>('/api/arg/feed', { sort: 'liked' });
    const bridging = await argumentsPage();
    expect(liked.Feed[0]!.Link, 'the demo’s first argument differs by order').not.toBe(
      bridging.items[0]!.Link,
    );
    await page.goto('/arguments');
    await page.getByRole('radio', { name: 'Most liked' }).check();
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/\/arguments\?sort=liked$/);
    const arguments_ = new Set([...liked.Feed, ...bridging.items].map((item) => item.Link));
    const listed = await page
      .locator('main a')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(listed.find((href) => arguments_.has(href!))).toBe(liked.Feed[0]!.Link);
    expect(await reader.getByRole('button', { name: 'Show' }).count(), 'only without JS').toBe(0);

    // The top bar's Log in and Sign up are links to their pages, which work without JavaScript.
    for (const [name, path, heading] of [
      ['Log in', '/login', 'Log in to Stance'],
      ['Sign up', '/signup', 'Join Stance'],
    ] as const) {
      await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    // With JavaScript a click opens the panel over the page; a click for a new tab opens the page.
    const logIn = reader.getByRole('banner').getByRole('link', { name: 'Log in', exact: true });
    const [tab] = await Promise.all([
      reader.context().waitForEvent('page'),
      logIn.click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await tab.waitForURL((url) => url.pathname === '/login');
    await tab.close();
    expect(await reader.getByRole('dialog').count()).toBe(0);
    await logIn.click();
    await reader
      .getByRole('dialog')
      .getByRole('button', { name: 'Continue with e-mail' })
      .waitFor();
    await context.close();
    await reader.context().close();
  });

  it('shows a bar at the top while the page a link leads to loads its code', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    // The report page's code is held back until the bar has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/DnaReportPage-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const bar = page.getByTestId('navigation-progress');
    expect(await bar.getAttribute('data-active')).toBeNull();
    await page.getByRole('link', { name: /Discover your Opinion DNA/ }).click();
    await expect.poll(() => bar.getAttribute('data-active')).toBe('true');
    await expect
      .poll(() =>
        bar.evaluate(
          (element) => element.ownerDocument.defaultView!.getComputedStyle(element).opacity,
        ),
      )
      .toBe('1');
    expect(await page.locator('main').getAttribute('aria-busy')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/');
    release();
    await page.waitForURL('**/reports/my-opinion-dna');
    await expect.poll(() => bar.getAttribute('data-active')).toBeNull();
    expect(await page.locator('main').getAttribute('aria-busy')).toBeNull();
    await page.context().close();
  });

  it('fetches no modal’s code while a page loads, then the vote prompt’s first once the reader moves', async () => {
    const page = await newVisitor(browser);
    const modalChunks: string[] = [];
    page.on('request', (request) => {
      const file = /\/assets\/(\w+Modal)-[^/]*\.js$/.exec(request.url())?.[1];
      if (file) modalChunks.push(file);
    });
    await page.goto('/');
    // The browser has been idle a while: modals preloaded when idle would have been asked for.
    await page.waitForTimeout(2_000);
    expect(modalChunks).toEqual([]);
    await page.keyboard.press('Shift');
    await expect.poll(() => modalChunks[0], { timeout: 10_000 }).toBe('VotePromptModal');
    // The rest follow, one an idle period, without another move.
    await expect.poll(() => new Set(modalChunks).size, { timeout: 15_000 }).toBeGreaterThan(4);
    await page.context().close();
  });

  // A page at a time, each until its network is idle: minutes on a busy machine.
  it(
    'hydrates every public page without a mismatch or a replaced element',
    { timeout: 600_000 },
    async () => {
      // One visitor reads them all, as a reader following links would (a new tab each cost a
      // second of the machine's time more).
      const page = await newVisitor(browser);
      const hydrationProblems = await hydrationReader(page);
      for (const { path, title } of pages) {
        expect.soft(await hydrationProblems(path), path).toEqual([]);
        expect.soft(await page.title(), path).toBe(title);
      }
      await page.context().close();
    },
  );

  it('keeps what a member typed into a form before the app took the page over', async () => {
    const signUp = await newVisitor(browser);
    await signUp.goto('/');
    await dismissCookies(signUp);
    await signUpThroughPanel(signUp, uniqueAccount('early'));
    const feed = await apiBody<{ Opinions: { Slug: string }[] }>('/api/opinion/userfeed', {});
    const path = `/o/${feed.Opinions.at(-1)!.Slug}`;

    // The app's code is held back: the member types into the server's form meanwhile.
    const page = await signUp.context().newPage();
    let releaseCode = () => {};
    const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await codeHeld;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'New argument' });
    const argument = 'Typed while the page was still loading, and kept.';
    await form.getByLabel('Your argument').fill(argument);
    await form.getByLabel('Side').selectOption({ label: 'Against' });
    await expect(page.locator('html[data-hydrated]').count()).resolves.toBe(0);

    releaseCode();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(form.getByLabel('Your argument').inputValue()).resolves.toBe(argument);
    await form.getByRole('button', { name: 'Post argument' }).click();
    const posted = page.locator('article[id^="comment-"]', { hasText: argument });
    await posted.waitFor();
    await expect(posted.getByText('Against').count()).resolves.toBeGreaterThan(0);
    await signUp.context().close();
  });

  it('renders members’ and staff’s pages on the server with the reader’s session, hydrated', async () => {
    const signUp = await newVisitor(browser);
    await signUp.goto('/');
    await dismissCookies(signUp);
    const account = uniqueAccount('ssr');
    await signUpThroughPanel(signUp, account);
    const context = signUp.context();
    const cookie = (await context.cookies())
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');

    for (const page of memberPages) await checkServerPage(page, cookie, account.username);
    for (const page of visitorPages) await checkServerPage(page, '', null);
    // A member opening the login page is sent home by the server, as the app does.
    const login = await fetch(`${baseUrl}/login`, { headers: { cookie }, redirect: 'manual' });
    expect.soft(login.status, '/login for a member').toBe(302);
    expect.soft(login.headers.get('location'), '/login for a member').toBe('/');

    const memberPage = waitingForTheApp(await context.newPage());
    const memberProblems = await hydrationReader(memberPage);
    for (const { path, name, subject } of memberPages) {
      expect.soft(await memberProblems(path), path).toEqual([]);
      expect.soft(await memberPage.title(), path).toBe(pageTitle(name, {}, subject));
    }
    await context.close();
    const visitor = await newVisitor(browser);
    const visitorProblems = await hydrationReader(visitor);
    for (const { path, name } of visitorPages) {
      expect.soft(await visitorProblems(path), path).toEqual([]);
      expect.soft(await visitor.title(), path).toBe(pageTitle(name, {}));
    }
    await visitor.context().close();

    // Staff: the admin hub, rendered with the staff member's tools.
    const staff = await newVisitor(browser);
    await staff.goto('/');
    await dismissCookies(staff);
    await signInAsAdmin(staff);
    const staffCookie = (await staff.context().cookies())
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    await checkServerPage(
      { path: '/internal/admin', name: 'admin', shows: ['Tools for the people who run Stance.'] },
      staffCookie,
      'stance_admin',
    );
    const adminPage = waitingForTheApp(await staff.context().newPage());
    const adminProblems = await hydrationReader(adminPage);
    expect.soft(await adminProblems('/internal/admin'), 'admin').toEqual([]);
    await staff.context().close();
  }, 300_000);
});
