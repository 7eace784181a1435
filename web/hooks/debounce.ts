/**
 * Debounces calls: `fn` runs with the latest value once `waitMs` pass without a new call, and at
 * the latest `maxWaitMs` after the first call of a burst, so steady typing still searches.
 */
export function createDebouncer<Value>(
  fn: (value: Value) => void,
  { waitMs, maxWaitMs }: { waitMs: number; maxWaitMs: number },
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let burstStartedAt: number | null = null;
  let latest: Value;

  function flush() {
    timer = undefined;
    burstStartedAt = null;
    fn(latest);
  }

  return {
    call(value: Value) {
      latest = value;
      const now = Date.now();
      burstStartedAt ??= now;
      clearTimeout(timer);
      const untilMaxWait = burstStartedAt + maxWaitMs - now;
      timer = setTimeout(flush, Math.max(0, Math.min(waitMs, untilMaxWait)));
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      burstStartedAt = null;
    },
  };
}
