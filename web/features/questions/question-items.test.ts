import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import {
  argumentSortFromParam,
  categoryFromParam,
  collectUniqueItems,
  imageUploadErrorText,
  isImageTooLarge,
} from './question-items.ts';

describe('collectUniqueItems', () => {
  it('keeps each item once, where it first appeared, across pages', () => {
    const pages = [
      { Feed: [{ ID: 5 }, { ID: 4 }, { ID: 3 }] },
      // An item arrived between the fetches: the second page starts with the first's last one.
      { Feed: [{ ID: 3 }, { ID: 2 }, { ID: 1 }] },
    ];
    expect(collectUniqueItems(pages).map((item) => item.ID)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('URL parameters', () => {
  it('reads a category id, and All for anything else', () => {
    expect(categoryFromParam('12')).toBe(12);
    expect(categoryFromParam(null)).toBe('all');
    expect(categoryFromParam('0')).toBe('all');
    expect(categoryFromParam('abc')).toBe('all');
    expect(categoryFromParam('1e3')).toBe('all');
  });

  it('reads a sort of the argument feed, the bridging rank by default', () => {
    expect(argumentSortFromParam('liked')).toBe('liked');
    expect(argumentSortFromParam('persuasive')).toBe('persuasive');
    expect(argumentSortFromParam('recent')).toBe('recent');
    expect(argumentSortFromParam('best')).toBe('bridging');
    expect(argumentSortFromParam(null)).toBe('bridging');
  });
});

describe('image upload errors', () => {
  it('says what to do for each refusal', () => {
    expect(imageUploadErrorText(new ApiError(413, 'too large'))).toMatch(/at most 5 MB/);
    expect(imageUploadErrorText(new ApiError(415, 'bad type'))).toMatch(/JPEG, PNG or WebP/);
    expect(imageUploadErrorText(new ApiError(400, 'data: not an image'))).toBe(
      'The image could not be read (data: not an image). Choose another file.',
    );
    expect(imageUploadErrorText(new ApiError(403, 'Access denied'))).toBe('Access denied');
  });

  it('refuses a file over 5 MB before sending it', () => {
    expect(isImageTooLarge({ size: 5 * 1024 * 1024 })).toBe(false);
    expect(isImageTooLarge({ size: 5 * 1024 * 1024 + 1 })).toBe(true);
  });
});
