import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The Plinth server (npm run dev at the root, port 3000 unless PORT says otherwise).
const apiTarget = process.env.PLINTH_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources.
  resolve: { conditions: ['@plinth/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '/spapi': apiTarget,
      '/aiApi': apiTarget,
      '/auth': apiTarget,
      '/health': apiTarget,
      '/api/docs': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // The server reads it to preload a route's chunks with its page (server/src/web/routePreloads.ts).
    manifest: true,
  },
});
