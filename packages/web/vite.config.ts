import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

// The Plinth server (npm run dev at the root, port 3000 unless PORT says otherwise).
const apiTarget = process.env.PLINTH_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * Writes `.vite/module-chunks.json`: the chunk file each of the app's own modules went into. Vite's
 * manifest names a lazily loaded module only when it heads a chunk of its own, and Rolldown merges
 * some (the runner's) into chunks without a name; the server finds a route's code through this
 * (server/src/web/routePreloads.ts).
 */
function moduleChunks(): Plugin {
  let root = '';
  return {
    name: 'plinth-module-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const relative = path.relative(root, id).split(path.sep).join('/');
          if (relative.startsWith('src/')) chunks[relative] = chunk.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: JSON.stringify(chunks) });
    },
  };
}

export default defineConfig({
  plugins: [react(), moduleChunks()],
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
