/**
 * Loaded into the server by bench/soak.ts (`node --import`): once a second it writes the
 * process's memory as V8 and Node count it to stderr, one JSON line, so that the soak can tell
 * a growing JavaScript heap (a leak of reachable objects, or garbage not yet collected) from
 * memory outside it (the embedded database's WebAssembly memory is `arrayBuffers`).
 */
const megabyte = 1_048_576;

setInterval(() => {
  const usage = process.memoryUsage();
  const probe = {
    heapUsed: Math.round(usage.heapUsed / megabyte),
    heapTotal: Math.round(usage.heapTotal / megabyte),
    external: Math.round(usage.external / megabyte),
    arrayBuffers: Math.round(usage.arrayBuffers / megabyte),
  };
  process.stderr.write(`${JSON.stringify({ soakProbe: probe })}\n`);
}, 1000).unref();
