/**
 * What the API benchmarks share (bench/api.ts, bench/reports.ts): a fresh database to measure on,
 * the real server started in a process of its own, and a measured run by autocannon in another
 * (bench/load.ts says why a fresh process each time).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  openEmbeddedDatabase,
  openPostgresDatabase,
  type DatabaseHandle,
} from '../server/db/database.ts';
import { freePort } from '../server/test/free-port.ts';
import type { LoadSpec, Measured } from './load.ts';

export const root = path.resolve(import.meta.dirname, '..');

/** Where a benchmark's server keeps its data, how to open it from here, and how to remove it. */
export type Target = {
  env: NodeJS.ProcessEnv;
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
  /**
   * Between runs, while no server runs: on a PostgreSQL server whose autovacuum is off (this
   * machine's, set for CI), vacuums and analyses the database as autovacuum would have by then;
   * answers whether it did. Without it a benchmark's rounds pile up the dead rows of the rounds
   * before, which no deployment with autovacuum keeps (docs/decisions/099). The embedded database
   * has no autovacuum anywhere: there the benchmark measures the product as it runs.
   */
  standInForAutovacuum(): Promise<boolean>;
};

/**
 * A new, empty database: an embedded one in a temporary directory, or a new database on
 * DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) for 'postgres'.
 */
export async function createTarget(
  engine: 'pglite' | 'postgres',
  options: { name: string; poolSize: number },
): Promise<Target> {
  if (engine === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stance-bench-${options.name}-`));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openEmbeddedDatabase(dataDir),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      standInForAutovacuum: async () => false,
    };
  }
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `stance_bench_${randomBytes(5).toString('hex')}`;
  const query = async (connectionString: string, statement: string) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return (await client.query<Record<string, unknown>>(statement)).rows;
    } finally {
      await client.end();
    }
  };
  await query(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The server's setting, asked once when first needed: it does not change during a benchmark.
  let autovacuumIsOn: Promise<boolean> | undefined;
  return {
    env: { DATABASE_URL: url.toString() },
    open: async () => openPostgresDatabase(url.toString(), options.poolSize),
    dispose: async () => {
      await query(serverUrl, `drop database if exists ${name} with (force)`);
    },
    standInForAutovacuum: async () => {
      autovacuumIsOn ??= query(serverUrl, `select current_setting('autovacuum') as on`).then(
        ([setting]) => setting?.on === 'on',
      );
      if (await autovacuumIsOn) return false;
      await query(url.toString(), 'vacuum (analyze)');
      return true;
    },
  };
}

/**
 * Starts `node <script>` and waits until `readyUrl` answers 200; resolves to a function that
 * stops it. For the server, BENCH_PROFILE (a directory for --cpu-prof), BENCH_SERVER_ARGS (more
 * node flags) and BENCH_SERVER_LOG (a file its output is appended to) help find where time goes.
 */
export async function startProcess(script: string, env: NodeJS.ProcessEnv, readyUrl: string) {
  let output = '';
  const isServer = script === 'server/main.ts';
  const profileArgs =
    process.env.BENCH_PROFILE && isServer
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
  const serverArgs =
    process.env.BENCH_SERVER_ARGS && isServer ? process.env.BENCH_SERVER_ARGS.split(' ') : [];
  const child: ChildProcess = spawn(process.execPath, [...profileArgs, ...serverArgs, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const logFile = process.env.BENCH_SERVER_LOG;
  if (logFile && isServer) {
    child.on('exit', () => fs.appendFileSync(logFile, `=== server ${child.pid}\n${output}`));
  }
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${script} did not start:\n${output}`);
    const isUp = await fetch(readyUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

const benchPrivacySecret = randomBytes(32).toString('base64url');

/** The real server on the target's database, as production runs it, on a free port. */
export async function startApp(target: Pick<Target, 'env'>) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = await startProcess(
    'server/main.ts',
    {
      ...target.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SEED: 'none',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Production on PostgreSQL requires one (docs/decisions/083); a run needs no lasting one.
      PRIVACY_SECRET: target.env.PRIVACY_SECRET ?? benchPrivacySecret,
    },
    `${baseUrl}/api/topic/getall`,
  );
  return { baseUrl, stop };
}

/** One measured run: autocannon's warm-up and measurement by `bench/load.ts` in its own process. */
export async function runLoad(spec: LoadSpec): Promise<Measured> {
  const specFile = path.join(
    os.tmpdir(),
    `stance-bench-load-${process.pid}-${randomBytes(4).toString('hex')}.json`,
  );
  fs.writeFileSync(specFile, JSON.stringify(spec));
  try {
    return await new Promise<Measured>((resolve, reject) => {
      let output = '';
      const child = spawn(process.execPath, ['bench/load.ts', specFile], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => {
        const last = output.trim().split('\n').at(-1) ?? '';
        if (code === 0) resolve(JSON.parse(last) as Measured);
        else reject(new Error(`bench/load.ts exited with ${code}:\n${output}`));
      });
    });
  } finally {
    fs.rmSync(specFile, { force: true });
  }
}

/** The median; undefined for no values. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
