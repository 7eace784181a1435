import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The critical path is measured from the manifest (bench/web-size.ts).
    manifest: true,
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
});
