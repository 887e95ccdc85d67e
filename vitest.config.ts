import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests (see the "@plinth/source"
// export condition in each package.json); everything else resolves as usual.
const source = '@plinth/source';

export default defineConfig({
  resolve: { conditions: [source, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [source, ...defaultServerConditions] } },
  test: {
    projects: [
      ...['schema', 'calc', 'server'].map((name) => ({
        extends: true,
        test: {
          name,
          include: [`packages/${name}/src/**/*.test.ts`, `packages/${name}/test/**/*.test.ts`],
          environment: 'node',
        },
      })),
      // Browser packages: component tests under jsdom (dompurify is tested under jsdom, not happy-dom).
      ...['ui', 'fields', 'grid', 'expression-editor', 'web'].map((name) => ({
        extends: true,
        plugins: [react()],
        test: {
          name,
          include: [`packages/${name}/src/**/*.test.{ts,tsx}`],
          environment: 'jsdom',
          setupFiles: [
            'packages/ui/src/test/setupTests.ts',
            ...(name === 'grid' || name === 'web' ? ['packages/grid/src/test/setupEditorPreloads.ts'] : []),
          ],
          // Popovers, menus and typing under jsdom take seconds when the suite shares two cores.
          testTimeout: 20_000,
        },
      })),
    ],
  },
});
