import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const webDir = path.join(root, 'dist/web');

function newestModification(directory: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestModification(full) : fs.statSync(full).mtimeMs,
    );
  }
  return newest;
}

/**
 * Builds the web app when dist/web is missing or older than its sources; returns whether it built.
 * The build runs in a process of its own: Vite sets NODE_ENV=production in the process it builds
 * in, and the server's mode must come only from the operator's environment (so that /dev/mail
 * works on a first `npm start`).
 */
export async function ensureWebBuild(): Promise<boolean> {
  const builtIndex = path.join(webDir, 'index.html');
  const builtServerEntry = path.join(root, 'dist/ssr/entry-server.js');
  const sourcesChanged = Math.max(
    newestModification(path.join(root, 'web')),
    newestModification(path.join(root, 'contract')),
    fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  const isFresh = (built: string) =>
    fs.existsSync(built) && fs.statSync(built).mtimeMs >= sourcesChanged;
  if (isFresh(builtIndex) && isFresh(builtServerEntry)) return false;
  const viteBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  );
  // The browser's app, then the server's entry that renders its pages (docs/decisions/085).
  await build(viteBin, []);
  await build(viteBin, ['--ssr']);
  return true;
}

function build(viteBin: string, extraArguments: string[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // Always a production build: an inherited NODE_ENV (vitest sets `test`) would make Vite
    // bundle React's development build, three times the size.
    const child = spawn(
      process.execPath,
      [viteBin, 'build', ...extraArguments, '--logLevel', 'warn'],
      {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: 'inherit',
      },
    );
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the web build failed (exit code ${code})`)),
    );
  });
}
