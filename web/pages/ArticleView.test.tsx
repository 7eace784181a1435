import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInline } from './ArticleView.tsx';

type Props = { to?: string; href?: string; children?: unknown };

/** The rendered parts as text, links written `<to|label>`. */
function describeParts(parts: ReturnType<typeof renderInline>): string {
  return parts
    .map((part) => {
      if (!isValidElement(part)) return String(part);
      const props = (part as ReactElement<Props>).props;
      return `<${props.to ?? props.href}|${String(props.children)}>`;
    })
    .join('');
}

describe("an article's marks", () => {
  it('turn [label](/path) into a link inside Stance and {contact} into the address', () => {
    const text = 'See the [rules](/article/rules) or write to {contact}.';
    expect(describeParts(renderInline(text, 'privacy@stance.example'))).toBe(
      'See the </article/rules|rules> or write to <mailto:privacy@stance.example|privacy@stance.example>.',
    );
  });

  it('say so when the site has no contact address, and leave other text alone', () => {
    expect(describeParts(renderInline('Write to {contact}.', ''))).toBe(
      'Write to our contact address (not yet published by the operator of this site).',
    );
    expect(describeParts(renderInline('Write to {contact}.', null))).toBe(
      'Write to our contact address.',
    );
    expect(describeParts(renderInline('[x](https://evil.test) and {other}', ''))).toBe(
      '[x](https://evil.test) and {other}',
    );
  });
});
