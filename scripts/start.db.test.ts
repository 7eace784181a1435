import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/test/free-port.ts';
import { HttpClient } from '../server/test/http-client.ts';

const root = path.resolve(import.meta.dirname, '..');
/** What a fresh clone does not have: installed packages are linked, the rest is never there. */
const notInAClone = new Set(['node_modules', 'dist', 'data', '.git', '.test-data', '.scratch']);

const made: string[] = [];
afterAll(() => {
  for (const directory of made) fs.rmSync(directory, { recursive: true, force: true });
});

function temporaryDirectory(prefix: string): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(directory);
  return directory;
}

/** A copy of the repository as a fresh clone has it after `npm ci`: no dist/, no data/. */
function freshCheckout(): string {
  const checkout = temporaryDirectory('stance-clone-');
  fs.cpSync(root, checkout, {
    recursive: true,
    filter: (source) => !notInAClone.has(path.relative(root, source).split(path.sep)[0]!),
  });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(checkout, 'node_modules'));
  return checkout;
}

// The embedded database only: starting is what is tested, and the PostgreSQL run of the suite
// would build the web app a second time for nothing.
describe.skipIf(process.env.DATABASE_URL)('npm start on a fresh clone', () => {
  it('builds the web app, stays in development mode and says where it runs', async () => {
    const checkout = freshCheckout();
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: temporaryDirectory('stance-clone-data-'),
      SEED: 'none',
      LOG_LEVEL: 'info',
    };
    // As an operator types it: no mode, no address, no database.
    delete env.NODE_ENV;
    delete env.PUBLIC_URL;
    delete env.DATABASE_URL;
    const server = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: checkout,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const baseUrl = `http://localhost:${port}`;
      await new Promise<void>((resolve, reject) => {
        const poll = setInterval(() => {
          if (output.includes('Stance is running at')) {
            clearInterval(poll);
            resolve();
          }
        }, 200);
        server.once('exit', (code) => {
          clearInterval(poll);
          reject(new Error(`npm start exited (${code}):\n${output}`));
        });
      });
      expect(output).toContain(`Stance is running at ${baseUrl}`);
      // Readable lines, not JSON, though the output is a pipe (docs/decisions/069).
      expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Stance is running at /m);
      expect(output.split('\n').filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
      expect(fs.existsSync(path.join(checkout, 'dist/web/index.html'))).toBe(true);

      const visitor = new HttpClient(`http://127.0.0.1:${port}`);
      const email = 'first-visitor@example.test';
      const signup = await visitor.post('/api/signup/requestcode', {
        email,
        username: 'First_visitor',
        password: 'a first fine password',
      });
      expect(signup.status).toBe(200);
      // The sign-up code is readable in the outbox: the server did not turn into production.
      let code: string | undefined;
      for (let attempt = 0; attempt < 50 && !code; attempt++) {
        const outbox = await visitor.get(`/dev/mail.json?to=${encodeURIComponent(email)}`);
        expect(outbox.status).toBe(200);
        const mails = (outbox.json?.body?.Mails ?? []) as { Subject: string }[];
        code = /^(\d{6}) is your Stance code$/.exec(mails[0]?.Subject ?? '')?.[1];
        if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(code).toMatch(/^\d{6}$/);
      expect((await visitor.post('/api/signup/verifycode', { code })).status).toBe(200);
      expect(await visitor.whoAmI()).toBe('First_visitor');
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }, 300_000);
});
