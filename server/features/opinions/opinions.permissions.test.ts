import { describe, expect, it } from 'vitest';
import { canSeeOpinion, editRight } from './opinions.permissions.ts';

const member = { CanDeleteContent: false, CanCreateOpinions: false, Role: '' as const };

describe('canSeeOpinion', () => {
  it('shows a live opinion to everyone and a deleted one only to who may delete content', () => {
    expect(canSeeOpinion({ deleted: false }, member)).toBe(true);
    expect(canSeeOpinion({ deleted: true }, member)).toBe(false);
    expect(canSeeOpinion({ deleted: true }, { CanDeleteContent: true })).toBe(true);
  });
});

describe('editRight', () => {
  const authored = { authorId: 5 };

  it('lets editors edit any opinion', () => {
    for (const capabilities of [
      { ...member, CanDeleteContent: true },
      { ...member, Role: 'contributor' as const },
      { ...member, Role: 'admin' as const },
    ]) {
      expect(editRight(authored, { id: 9, capabilities })).toBe('editor');
      expect(editRight({ authorId: null }, { id: 9, capabilities })).toBe('editor');
    }
  });

  it('lets an author who may create opinions edit their own, on the author’s terms', () => {
    const author = { ...member, CanCreateOpinions: true };
    expect(editRight(authored, { id: 5, capabilities: author })).toBe('author');
    expect(editRight(authored, { id: 5, capabilities: member })).toBe('none');
    expect(editRight(authored, { id: 6, capabilities: author })).toBe('none');
    expect(editRight({ authorId: null }, { id: 5, capabilities: author })).toBe('none');
  });
});
