/**
 * Loaded into the server by bench/soak.ts (`node --import`): once a second it writes the
 * process's memory as V8 and Node count it to stderr, one JSON line, so that the soak can tell
 * a growing JavaScript heap (a leak of reachable objects, or garbage not yet collected) from
 * memory outside it (the embedded database's WebAssembly memory is `arrayBuffers`).
 *
 * With `SOAK_SERVER_ARGS=--expose-gc` it collects the garbage before each count, so the heap it
 * reports is what is still reachable: a heap that stays level there while RSS rises is the
 * allocator keeping freed pages, not a leak. Collecting every second slows the server a little.
 */
const collect = (globalThis as { gc?: () => void }).gc;
const megabyte = 1_048_576;

setInterval(() => {
  collect?.();
  const usage = process.memoryUsage();
  const probe = {
    heapUsed: Math.round(usage.heapUsed / megabyte),
    heapTotal: Math.round(usage.heapTotal / megabyte),
    external: Math.round(usage.external / megabyte),
    arrayBuffers: Math.round(usage.arrayBuffers / megabyte),
  };
  process.stderr.write(`${JSON.stringify({ soakProbe: probe })}\n`);
}, 1000).unref();
