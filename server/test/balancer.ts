import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Balancer = { url: string; close(): Promise<void> };

/**
 * A load balancer as an operator would put in front of several Stance processes, for tests: it
 * asks each backend's `GET /readyz` every `checkEveryMs` and sends each request, round-robin, to
 * one that last answered 200; with none ready it answers 503. It neither retries nor buffers: a
 * backend that fails a request fails the client's (502).
 */
export async function startBalancer(
  backendUrls: readonly string[],
  checkEveryMs = 100,
): Promise<Balancer> {
  const ready = new Set<string>();
  async function check() {
    await Promise.all(
      backendUrls.map(async (url) => {
        const isReady = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
          (response) => response.ok,
          () => false,
        );
        if (isReady) ready.add(url);
        else ready.delete(url);
      }),
    );
  }
  await check();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => (checking = false));
  }, checkEveryMs);

  const agent = new http.Agent({ keepAlive: true });
  let turn = 0;
  const server = http.createServer((request, response) => {
    const live = backendUrls.filter((url) => ready.has(url));
    if (live.length === 0) {
      response.writeHead(503).end();
      return;
    }
    const target = new URL(live[turn++ % live.length]!);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
