import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

// Built into apps/web/dist; the server serves it with an SPA fallback and /app-config.js.
export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: [{ find: /^@\//, replacement: `${root}src/` }] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 900 },
  server: {
    port: 5173,
    // API_TARGET lets the dev server talk to a server on another port.
    proxy: {
      '/api': process.env.API_TARGET ?? 'http://localhost:3000',
      '/app-config.js': process.env.API_TARGET ?? 'http://localhost:3000',
    },
  },
});
