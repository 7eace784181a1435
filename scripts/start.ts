import fs from 'node:fs';
import path from 'node:path';

// `npm start`: build the web app when it is missing or older than its sources, then serve.
const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');

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

const sourcesChanged = Math.max(
  newestModification(path.join(root, 'web')),
  newestModification(path.join(root, 'contract')),
  fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
);
if (!fs.existsSync(builtIndex) || fs.statSync(builtIndex).mtimeMs < sourcesChanged) {
  console.log('Building the web app…');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

await import('../server/main.ts');
