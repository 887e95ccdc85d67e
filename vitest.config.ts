import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests (see the "@plinth/source"
// export condition in each package.json); everything else resolves as usual.
const source = '@plinth/source';

export default defineConfig({
  resolve: { conditions: [source, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [source, ...defaultServerConditions] } },
  test: {
    projects: ['schema', 'calc', 'server'].map((name) => ({
      extends: true,
      test: {
        name,
        include: [`packages/${name}/src/**/*.test.ts`, `packages/${name}/test/**/*.test.ts`],
        environment: 'node',
      },
    })),
  },
});
