import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests (see the
// "@plinth/source" export condition in each package.json).
const conditions = ['@plinth/source', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@plinth/source'] } },
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
