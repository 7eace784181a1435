import { describe, expect, it } from 'vitest';
import { matchAppRoute } from '../../../contract/routes.ts';
import { articles, type Article } from './articles.ts';

/** Every text of an article: its standfirst, paragraphs and list items. */
function textsOf(article: Article): string[] {
  return [
    article.standfirst,
    ...article.sections.flatMap((section) => [...section.paragraphs, ...(section.items ?? [])]),
  ];
}

describe('the articles', () => {
  it('include every article slug the product names (docs/product/screens.md)', () => {
    for (const slug of [
      'about-us',
      'newsletter',
      'case-examples',
      'rules',
      'levels-awards',
      'opinion-lab',
      'podcast',
      'opinion-selection-guide',
    ]) {
      expect(articles[slug], slug).toBeDefined();
      expect(textsOf(articles[slug]!).join(' ').length, slug).toBeGreaterThan(400);
    }
  });

  it('link only to pages of the app, and mark nothing but links and the contact address', () => {
    for (const [slug, article] of Object.entries(articles)) {
      for (const text of textsOf(article)) {
        for (const [, label, path] of text.matchAll(/\[([^\]]+)\]\(([^)]*)\)/g)) {
          const route = matchAppRoute(path!.split('?')[0]!);
          expect(route && route.name !== 'notFound', `${slug}: [${label}](${path})`).toBeTruthy();
        }
        expect(text.replace(/\{contact\}/g, ''), slug).not.toMatch(/[{}]/);
      }
    }
  });

  it('give the terms and the privacy policy the sections a paid product owes its members', () => {
    const headings = (article: Article) => article.sections.map((section) => section.heading);
    expect(textsOf(articles.terms!)[1]).toMatch(/^You must be at least 16 years old/);
    expect(headings(articles.terms!)).toEqual(
      expect.arrayContaining([
        'The subscription',
        'Renewal',
        'Cancelling',
        'Refunds',
        'What you post, and the licence you give us',
        'Moderation',
      ]),
    );
    expect(textsOf(articles.terms!).join(' ')).toContain('USD 9.99 a month');
    expect(headings(articles.privacy!)).toEqual(
      expect.arrayContaining([
        'What we collect',
        'Why',
        'Who can see what',
        'What staff can see',
        'How long we keep it',
        'Your rights',
      ]),
    );
    // A copy and the erasure are buttons in Settings (docs/decisions/083); the other rights are
    // exercised by writing to the contact address.
    const privacyText = textsOf(articles.privacy!).join(' ');
    expect(privacyText).toMatch(/Download my data, in \[Settings\]\(\/app\/settings\)/);
    expect(privacyText).toMatch(/Delete my account, in \[Settings\]\(\/app\/settings\)/);
    expect(privacyText).toMatch(/cannot do yourself, write to \{contact\}/);
  });
});
