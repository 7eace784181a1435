import fs from 'node:fs';
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

/** Builds the web app when dist/web is missing or older than its sources; returns whether it built. */
export async function ensureWebBuild(): Promise<boolean> {
  const builtIndex = path.join(webDir, 'index.html');
  const sourcesChanged = Math.max(
    newestModification(path.join(root, 'web')),
    newestModification(path.join(root, 'contract')),
    fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  if (fs.existsSync(builtIndex) && fs.statSync(builtIndex).mtimeMs >= sourcesChanged) return false;
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
