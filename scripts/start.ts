import { ensureWebBuild } from './web-build.ts';

// `npm start`: build the web app when it is missing or older than its sources, then serve.
if (await ensureWebBuild()) console.log('Built the web app into dist/web.');
await import('../server/main.ts');
