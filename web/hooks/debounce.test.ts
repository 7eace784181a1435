import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer } from './debounce.ts';

describe('createDebouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once with the latest value after a pause', () => {
    const calls: string[] = [];
    const debouncer = createDebouncer((value: string) => calls.push(value), {
      waitMs: 150,
      maxWaitMs: 500,
    });
    debouncer.call('a');
    vi.advanceTimersByTime(100);
    debouncer.call('ab');
    vi.advanceTimersByTime(149);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['ab']);
  });

  it('runs by the maximum wait during steady typing', () => {
    const calls: string[] = [];
    const debouncer = createDebouncer((value: string) => calls.push(value), {
      waitMs: 150,
      maxWaitMs: 500,
    });
    for (let index = 0; index < 6; index += 1) {
      debouncer.call(`q${index}`);
      vi.advanceTimersByTime(100);
    }
    expect(calls).toEqual(['q4']);
  });

  it('cancel drops the pending call', () => {
    const calls: string[] = [];
    const debouncer = createDebouncer((value: string) => calls.push(value), {
      waitMs: 150,
      maxWaitMs: 500,
    });
    debouncer.call('abc');
    debouncer.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([]);
  });
});
