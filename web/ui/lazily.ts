/**
 * A value made on first use, then kept: for `Intl` formatters, whose first construction in a page
 * loads the browser's locale data (25–97 ms of the main thread, docs/decisions/092). Made at a
 * module's top level, a formatter costs that when the module is evaluated, before the page can
 * answer a tap, even if nothing on the page uses it yet.
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
