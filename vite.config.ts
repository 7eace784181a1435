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
    },
  },
});
