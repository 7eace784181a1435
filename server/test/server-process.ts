import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything it has written to stdout and stderr so far. */
  output(): string;
  /** Sends `signal` (SIGTERM), waits up to 10 s for the exit, then kills it. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

const testServersPrivacySecret = randomBytes(32).toString('base64url');

/**
 * A real Stance server (`node server/main.ts`) on a free port of 127.0.0.1 with `env` over this
 * process's, started and answering: for journeys and for tests of several processes.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  options: { port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    // The log as JSON, whatever NODE_ENV: tests read its levels.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_FORMAT: 'json',
      // Production on PostgreSQL requires one (docs/decisions/083): every process of a test shares it.
      PRIVACY_SECRET: testServersPrivacySecret,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: ServerProcess = {
    baseUrl,
    port,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  try {
    await waitForServer(server);
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return server;
}

async function waitForServer(server: ServerProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`The server exited with ${server.child.exitCode}:\n${server.output()}`);
    try {
      const response = await fetch(`${server.baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not start within 120 s:\n${server.output()}`);
}
