import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { deferredApp } from './scripts/vite-deferred-app.ts';

// Two builds (`npm run build`): the browser's app into dist/web, and with `--ssr` the server's
// entry (web/entry-server.tsx) into dist/ssr, which the server renders pages with
// (docs/decisions/085).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: isSsrBuild ? [react()] : [react(), deferredApp()],
  // Preact's React compatibility layer in place of React DOM, in the browser and on the server
  // alike (docs/decisions/087-preact-in-place-of-react-dom.md).
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      {
        find: /^react$/,
        replacement: fileURLToPath(new URL('web/preact/react.js', import.meta.url)),
      },
    ],
  },
  // The server entry carries its libraries, React's production build among them, whatever
  // NODE_ENV the server runs with: a page renders as fast in development and tests as in
  // production.
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  build: isSsrBuild
    ? {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node24',
        copyPublicDir: false,
        rollupOptions: { input: 'entry-server.tsx' },
      }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        target: 'es2022',
        // The page's own files and the critical path are read from the manifest
        // (server/plugins/web.render.ts, bench/web-size.ts).
        manifest: true,
        rolldownOptions: {
          // The page, and beside it the script that starts the app after the first paint.
          input: {
            index: fileURLToPath(new URL('web/index.html', import.meta.url)),
            boot: fileURLToPath(new URL('web/boot.ts', import.meta.url)),
          },
          output: {
            codeSplitting: {
              groups: [
                {
                  // Everything the entry imports statically, in one file beside the entry: every
                  // page loads all of it anyway. Left to itself the bundler cut it into 30 files
                  // along the lines the lazy pages share, and a page's first load made 70 to 100
                  // requests (docs/decisions/086-fewer-larger-files.md).
                  name: 'app',
                  tags: ['$initial'],
                  test: (id) => !/[\\/]web[\\/](index\.html|main\.tsx|boot\.ts)$/.test(id),
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/logout': 'http://127.0.0.1:3000',
      '/dev': 'http://127.0.0.1:3000',
      // Drawn by the server from web/public/favicon.svg (docs/decisions/069).
      '/favicon.ico': 'http://127.0.0.1:3000',
      '/apple-touch-icon.png': 'http://127.0.0.1:3000',
      '/icons': 'http://127.0.0.1:3000',
      '/manifest.webmanifest': 'http://127.0.0.1:3000',
    },
  },
}));
