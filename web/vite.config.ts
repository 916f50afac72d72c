import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` serves the SPA with hot reload and sends API calls to the server on PORT (3000).
const api = `http://localhost:${process.env.PORT || 3000}`;

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '1.4.2') },
  server: {
    port: 5173,
    proxy: {
      '/graphql': api,
      '/api': api,
    },
  },
  build: {
    outDir: 'dist',
    // Which chunks the sign-in page needs (web/scripts/first-load.ts reads it).
    manifest: true,
    // No source maps in what the server sends.
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
});
