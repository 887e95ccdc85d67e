/**
 * The import rules of Plinth, checked in CI by `npm run check:deps` (decision 0039). Package layers
 * follow design.md §1: schema ← calc ← server; ui ← fields ← grid ← web; web also imports schema and
 * calc, never server. Violations that existed when a rule came in are listed in
 * .dependency-cruiser-known-violations.json and only shrink: `npm run check:deps:baseline` rewrites
 * that file after a fix.
 */

/** Which workspace packages each package may import (its own files aside). */
const mayImport = {
  schema: [],
  calc: ['schema'],
  server: ['schema', 'calc'],
  ui: [],
  fields: ['schema', 'ui'],
  grid: ['schema', 'ui', 'fields'],
  'expression-editor': ['schema', 'calc', 'ui'],
  web: ['schema', 'calc', 'ui', 'fields', 'grid', 'expression-editor'],
};

/** Tests, benches, test setup, build tooling and the journeys, which may use the root devDependencies. */
const testFiles = [
  '^packages/[^/]+/(vite\\.config\\.ts$|scripts/)',
  '\\.test\\.tsx?$',
  '^packages/[^/]+/(test|bench)/',
  '^packages/[^/]+/src/test/',
  // A feature's own test support (the runner's fixtures beside its harness).
  '^packages/[^/]+/src/features/[^/]+/test/',
  '/testMatchers\\.d\\.ts$',
  'Harness\\.tsx?$',
  '^e2e/',
];
/** Packages that need a DOM or a browser: never in the pure packages or the server. */
const browserPackages =
  '^node_modules/(react|react-dom|react-aria-components|dompurify|jsdom|idb|xstate|@xstate|@tiptap|@tanstack|@testing-library|@dnd-kit|@codemirror|@internationalized)/';

const layerRules = Object.entries(mayImport).map(([name, allowed]) => ({
  name: `layer-${name}`,
  comment: `@plinth/${name} may import ${allowed.length ? allowed.map((a) => `@plinth/${a}`).join(', ') : 'no other workspace package'} (design.md §1).`,
  severity: 'error',
  from: { path: `^packages/${name}/` },
  to: { path: `^(node_modules/@plinth|packages)/(?!(${[name, ...allowed].join('|')})/)` },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'layer-e2e',
      comment: 'The journeys drive the running product; they import no workspace package.',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^(node_modules/@plinth|packages)/' },
    },
    {
      name: 'package-by-name',
      comment: 'Another package is imported by its name (@plinth/x), never by a relative path into it.',
      severity: 'error',
      from: { path: '^packages/([^/]+)/' },
      // A test may share the test fixture of a package below (server's calc SQL tests use calc's).
      to: { path: '^packages/', pathNot: ['^packages/$1/', '^packages/[^/]+/test/'] },
    },
    {
      name: 'pure-no-node',
      comment:
        '@plinth/schema and @plinth/calc are pure: no Node built-ins (fs, net, http…) outside their tests.',
      severity: 'error',
      from: { path: '^packages/(schema|calc)/', pathNot: testFiles },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-browser-packages',
      comment: '@plinth/schema, @plinth/calc and the server import no DOM or browser package.',
      severity: 'error',
      from: { path: '^packages/(schema|calc|server)/' },
      to: { path: browserPackages },
    },
    {
      name: 'listed-in-manifest',
      comment:
        "Every npm package a file imports is listed in its package's package.json (tests: or the root's devDependencies).",
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'no-dev-dependency-in-source',
      comment: 'Shipped code imports no devDependency: those are for tests, benches and journeys.',
      severity: 'error',
      from: { path: '^packages/', pathNot: testFiles },
      // (listed in the package's own dependencies too, it is one of those: exceljs is both)
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['npm'] },
    },
    {
      name: 'not-to-test',
      comment: 'Shipped code imports no test, bench or test-support file.',
      severity: 'error',
      from: { path: '^packages/', pathNot: testFiles },
      to: { path: testFiles },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (a package deep import outside its exports does not).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-circular',
      comment:
        'No import circle, type-only imports included: files in a circle are one module in several files.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-routes-from-app',
      comment: 'Only app.ts registers routes: a feature calls a service module, never a routes file.',
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: ['^packages/server/src/app\\.ts$', ...testFiles] },
      to: { path: '^packages/server/src/.+Routes\\.ts$' },
    },
    {
      name: 'server-entry-points',
      comment: 'Nothing in the server imports its entry points (main.ts, app.ts) but main.ts and tests.',
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: ['^packages/server/src/main\\.ts$', ...testFiles] },
      to: { path: '^packages/server/src/(main|app)\\.ts$' },
    },
    {
      name: 'server-leaves',
      comment:
        'util/ and http/ (errors, helpers) are the floor of the server: they import no other server folder.',
      severity: 'error',
      from: { path: '^packages/server/src/(util|http)/', pathNot: testFiles },
      to: { path: '^packages/server/src/', pathNot: '^packages/server/src/(util|http)/' },
    },
    {
      name: 'server-db-below-features',
      comment:
        'db/ (connection, schema migrations, tables) sits under the features: it imports only util/ and http/. A data migration (db/migrations/) may call the feature whose data it rewrites.',
      severity: 'error',
      from: {
        path: '^packages/server/src/db/',
        pathNot: ['^packages/server/src/db/migrations/', ...testFiles],
      },
      to: { path: '^packages/server/src/', pathNot: '^packages/server/src/(db|util|http)/' },
    },
    {
      name: 'server-data-below-features',
      comment:
        'data/ (executor, tenant scope, entity repository, search index, calc-to-SQL hooks) sits under the features and over db/: it imports only db/, util/ and http/ (decision 0058).',
      severity: 'error',
      from: { path: '^packages/server/src/data/', pathNot: testFiles },
      to: { path: '^packages/server/src/', pathNot: '^packages/server/src/(data|db|util|http)/' },
    },
    {
      name: 'web-features-through-public',
      comment:
        "A web feature uses another feature's code only through that feature's public.ts; tests and stylesheets aside (design.md §1).",
      severity: 'error',
      from: { path: '^packages/web/src/features/([^/]+)/', pathNot: testFiles },
      to: {
        path: '^packages/web/src/features/[^/]+/',
        pathNot: [
          '^packages/web/src/features/$1/',
          '^packages/web/src/features/[^/]+/public\\.tsx?$',
          '\\.css$',
        ],
      },
    },
    {
      name: 'server-optional-packages-on-demand',
      comment:
        "Packages a server may never use (the Excel and Word writers, the demo's faker, PostgreSQL's driver and queue) load on first use, by a dynamic import of the module that wraps them (decision 0134).",
      severity: 'error',
      from: {
        path: '^packages/server/src/',
        pathNot: [
          '^packages/server/src/exports/write(Xlsx|Docx)\\.ts$',
          '^packages/server/src/demo/',
          '^packages/server/src/jobs/pgBossJobQueue\\.ts$',
          ...testFiles,
        ],
      },
      to: {
        path: [
          '^packages/server/src/exports/write(Xlsx|Docx)\\.ts$',
          '^packages/server/src/demo/',
          '^packages/server/src/jobs/pgBossJobQueue\\.ts$',
          'node_modules/(exceljs|docx|@faker-js/faker|pg|pg-boss)/',
        ],
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    },
    {
      name: 'server-context-is-types',
      comment:
        'context.ts declares the request context; at run time it imports nothing of the server (issue 13).',
      severity: 'error',
      from: { path: '^packages/server/src/context\\.ts$' },
      to: { path: '^packages/server/src/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Only the packages' own build output: npm packages' entry points often live in a dist/ folder.
    exclude: { path: '^packages/[^/]+/dist/' },
    // Workspace packages resolve through node_modules/@plinth/…, so imports of them are checked
    // against the importing package's manifest like any npm package.
    preserveSymlinks: true,
    tsPreCompilationDeps: true,
    // A test may use the root's devDependencies; shipped code only its own package's dependencies.
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@plinth/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
