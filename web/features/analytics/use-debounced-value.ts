import { useEffect, useState } from 'react';
import { createDebouncer } from '../../hooks/debounce.ts';

/**
 * The value once it has stopped changing for `waitMs` (no maximum wait: a burst of changes, two
 * sliders moved and a box ticked, settles into one value and so one request). The first value is
 * taken at once, so a page opened from a shared address loads without waiting.
 */
export function useDebouncedValue<Value>(value: Value, waitMs: number): Value {
  const [settled, setSettled] = useState(value);
  const [debouncer] = useState(() =>
    createDebouncer(setSettled, { waitMs, maxWaitMs: Number.POSITIVE_INFINITY }),
  );
  useEffect(() => {
    if (Object.is(value, settled)) debouncer.cancel();
    else debouncer.call(value);
    // `settled` is read, not followed: only a new value starts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, debouncer]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  return settled;
}
