import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../contract/comments.ts';
import {
  argumentLengthError,
  commentIdFromHash,
  containsComment,
  countReplies,
  deletedPlaceholder,
  responseTypeLabel,
  timeAgo,
  tooShortHint,
  visibleTextLength,
} from './comment-text.ts';

function comment(id: number, children: Comment[] = []): Comment {
  return {
    CommentID: id,
    UID: 1,
    UsernameCased: 'ada',
    Body: '<p>x</p>',
    Created: '2026-01-01T00:00:00.000Z',
    Edited: '',
    Deleted: false,
    DeletedReason: '',
    ResponseType: '',
    ParentID: 0,
    Children: children,
    LikeNum: 0,
    LikedByMe: false,
    Persuaded: 0,
    ReplyToName: '',
  };
}

describe('comment texts', () => {
  it('names the placeholders of docs/product/errors.md by reason', () => {
    expect(deletedPlaceholder('user')).toBe('[This comment was deleted by its author]');
    expect(deletedPlaceholder('moderator')).toBe('[This comment was flagged]');
    expect(deletedPlaceholder('other')).toBe('[This comment has been deleted]');
    expect(deletedPlaceholder('')).toBe('[This comment has been deleted]');
  });

  it('labels response types as the form does', () => {
    expect(
      ['pro', 'con', 'neutral', 'commentary', ''].map((type) =>
        responseTypeLabel(type as Comment['ResponseType']),
      ),
    ).toEqual(['For', 'Against', 'Mixed', 'Commentary', '']);
  });

  it('hints Too short under 300 characters', () => {
    expect(tooShortHint(0)).toBe('Too short - 300');
    expect(tooShortHint(120)).toBe('Too short - 180');
    expect(tooShortHint(299)).toBe('Too short - 1');
    expect(tooShortHint(300)).toBeNull();
  });

  it('holds back an argument under a sentence, and only that: the hint is advice', () => {
    expect(argumentLengthError('So true.')).toBe(
      'Too short to post: an argument needs a sentence or more (at least 30 characters).',
    );
    // Trimmed, as the server counts: 29 characters with spaces around are still 29.
    expect(argumentLengthError(`   ${'x'.repeat(29)}   `)).not.toBeNull();
    expect(argumentLengthError('x'.repeat(30))).toBeNull();
    // The two sentences (186 short of the hint's 300) go.
    const twoSentences =
      'Sleep is the cheapest performance drug there is, and teenagers are short of it. ' +
      'A later start would give them back the hour that early buses take away.';
    expect(tooShortHint(twoSentences.length)).not.toBeNull();
    expect(argumentLengthError(twoSentences)).toBeNull();
  });

  it('measures the words, not the markup', () => {
    expect(visibleTextLength('<p><strong>ab</strong> &amp; <a href="https://x">cd</a></p>')).toBe(
      7,
    );
  });

  it('counts replies at every depth and finds a linked comment', () => {
    const tree = comment(1, [comment(2, [comment(3), comment(4)]), comment(5)]);
    expect(countReplies(tree)).toBe(4);
    expect(containsComment(tree, 4)).toBe(true);
    expect(containsComment(tree, 6)).toBe(false);
    expect(commentIdFromHash('#comment-42')).toBe(42);
    expect(commentIdFromHash('#comments')).toBeNull();
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(timeAgo('2026-01-10T11:59:30Z', now)).toMatch(/now|second/);
    expect(timeAgo('2026-01-07T12:00:00Z', now)).toMatch(/3 days ago/);
  });
});

describe('timeAgo without Intl', () => {
  it('reads as Intl en-US (numeric: auto) does, back and ahead, in every unit', () => {
    const intl = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
    const now = Date.parse('2026-01-10T12:00:00Z');
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['minute', 60],
      ['hour', 3600],
      ['day', 86_400],
      ['week', 7 * 86_400],
      ['month', 30 * 86_400],
      ['year', 365 * 86_400],
    ];
    const unitAt = (seconds: number) =>
      [...units].reverse().find(([, size]) => Math.abs(seconds) >= size)!;
    for (const seconds of [60, 90, 3599, 3600, 7200, 86_399, 86_400, 172_800, 604_800, 1_209_600]
      .concat([2_592_000, 5_184_000, 31_536_000, 63_072_000, 31_536_000_000])
      .flatMap((seconds) => [seconds, -seconds])) {
      const [unit, size] = unitAt(seconds);
      const expected = intl.format(Math.round(seconds / size), unit);
      expect(timeAgo(new Date(now + seconds * 1000).toISOString(), now), `${seconds} s`).toBe(
        expected,
      );
    }
    expect(timeAgo(new Date(now - 59_000).toISOString(), now)).toBe(intl.format(0, 'second'));
  });
});
