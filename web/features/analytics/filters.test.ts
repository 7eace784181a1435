import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  emptyStaffFilters,
  reportFilterKeys,
  allVotesFilterKeys,
} from '../../../contract/analytics.base.ts';
import { createDebouncer } from '../../hooks/debounce.ts';
import { rangeOf, readFilters, withAnswer, withRange, writeFilters } from './filters.ts';
import { moveThumb } from './range.ts';

describe('filters in the address', () => {
  it('writes and reads back every kind of filter', () => {
    let filters = withAnswer(emptyStaffFilters, 'gender', 'female', true);
    filters = withAnswer(filters, 'gender', 'non-binary', true);
    filters = withAnswer(filters, 'generation', 'z', true);
    filters = withRange(filters, 'intellectual-curiosity', [20, 80]);
    filters = { ...filters, usertag: 7 };
    const query = writeFilters(filters);
    expect(query).toBe(
      'gender=female,non-binary&generation=z&usertag=7&values=intellectual-curiosity:20:80',
    );
    expect(readFilters(query, reportFilterKeys)).toEqual({ filters, errors: [] });
  });

  it('gives one address to one view, whatever order the boxes were ticked in', () => {
    const a = withAnswer(
      withAnswer(emptyStaffFilters, 'gender', 'male', true),
      'gender',
      'female',
      true,
    );
    const b = withAnswer(
      withAnswer(emptyStaffFilters, 'gender', 'female', true),
      'gender',
      'male',
      true,
    );
    expect(writeFilters(a)).toBe(writeFilters(b));
  });

  it('writes nothing for no filters, and unticking the last answer drops the field', () => {
    expect(writeFilters(emptyStaffFilters)).toBe('');
    const ticked = withAnswer(emptyStaffFilters, 'religion', 'none', true);
    expect(writeFilters(withAnswer(ticked, 'religion', 'none', false))).toBe('');
  });

  it('sends only non-default ranges: back to 0–100 removes the element', () => {
    const narrowed = withRange(emptyStaffFilters, 'humility', [10, 90]);
    expect(rangeOf(narrowed, 'humility')).toEqual([10, 90]);
    const widened = withRange(narrowed, 'humility', [0, 100]);
    expect(widened.values).toEqual([]);
    expect(writeFilters(widened)).toBe('');
    expect(rangeOf(widened, 'humility')).toEqual([0, 100]);
  });

  it('keeps a moving range in its place in the address', () => {
    let filters = withRange(emptyStaffFilters, 'a-one', [10, 90]);
    filters = withRange(filters, 'b-two', [20, 80]);
    filters = withRange(filters, 'a-one', [15, 90]);
    expect(writeFilters(filters)).toBe('values=a-one:15:90,b-two:20:80');
  });

  it('keeps what it can read of a damaged address and names the rest', () => {
    const { filters, errors } = readFilters(
      'gender=female,robot&generation=y&colour=blue&dateFrom=2026-01-01',
      allVotesFilterKeys,
    );
    expect(filters.demographics).toEqual({ generation: ['y'] });
    expect(filters.dateFrom).toBe('2026-01-01');
    expect(errors).toHaveLength(2);
    expect(errors.join(' ')).toMatch(/robot/);
    expect(errors.join(' ')).toMatch(/colour/);
  });

  it('refuses keys the screen does not use (no score ranges on the opinion report)', () => {
    const { filters, errors } = readFilters('values=humility:10:20', allVotesFilterKeys);
    expect(filters.values).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('drops a date range that runs backwards', () => {
    const { filters, errors } = readFilters(
      'dateFrom=2026-03-01&dateTo=2026-01-01&gender=male',
      allVotesFilterKeys,
    );
    expect(filters.dateFrom).toBeNull();
    expect(filters.dateTo).toBeNull();
    expect(filters.demographics).toEqual({ gender: ['male'] });
    expect(errors).toHaveLength(1);
  });
});

describe('the filter debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns two slider moves and a ticked box within a second into one request', () => {
    const requests: string[] = [];
    // As useDebouncedValue sets it up: a 1 s wait, no maximum.
    const debouncer = createDebouncer((query: string) => requests.push(query), {
      waitMs: 1000,
      maxWaitMs: Number.POSITIVE_INFINITY,
    });
    let filters = emptyStaffFilters;
    const change = (next: typeof filters) => {
      filters = next;
      debouncer.call(writeFilters(filters));
    };
    // A thumb dragged: many input events.
    for (const value of [5, 10, 15, 20]) {
      change(
        withRange(filters, 'humility', moveThumb(rangeOf(filters, 'humility'), 'start', value)),
      );
      vi.advanceTimersByTime(100);
    }
    change(withRange(filters, 'curiosity', moveThumb(rangeOf(filters, 'curiosity'), 'end', 60)));
    vi.advanceTimersByTime(900);
    change(withAnswer(filters, 'gender', 'female', true));
    vi.advanceTimersByTime(999);
    expect(requests).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(requests).toEqual(['gender=female&values=humility:20:100,curiosity:0:60']);
    vi.advanceTimersByTime(10_000);
    expect(requests).toHaveLength(1);
  });
});
