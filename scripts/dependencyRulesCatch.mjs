// Shows that the dependency rules bite (decision 0039): in a scratch copy of the layout, an upward
// import (fields importing @plinth/grid), an import circle, a Node built-in in @plinth/schema, a
// feature importing a routes file, the server importing a browser package and the server's data
// layer importing a feature, a web feature importing another's internals (not its public.ts), and
// a static import of a module wrapping a package loaded on demand (writeXlsx.ts) must each fail
// `depcruise` with the rule named below.
// Run by `npm run check:deps`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'plinth-deps-'));

const files = {
  'packages/fields/src/upward.ts': "export { DataGrid } from '@plinth/grid';\n",
  'packages/schema/src/first.ts':
    "import { second } from './second.js';\nexport const first = () => second;\n",
  'packages/schema/src/second.ts':
    "import { first } from './first.js';\nexport const second = () => first;\n",
  'packages/schema/src/readsFiles.ts':
    "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  'packages/server/src/reports/feature.ts': "export { thingRoutes } from '../things/thingRoutes.js';\n",
  'packages/server/src/things/thingRoutes.ts': 'export async function thingRoutes() {}\n',
  'packages/server/src/things/thingView.ts': "export { Button } from 'react-aria-components';\n",
  'packages/server/src/data/upward.ts': "export { thingView } from '../things/thingModel.js';\n",
  'packages/server/src/things/thingModel.ts': 'export const thingView = 1;\n',
  'packages/web/src/features/alpha/usesBeta.ts': "export { betaInside } from '../beta/inside';\n",
  'packages/web/src/features/beta/inside.ts': 'export const betaInside = 1;\n',
  'packages/web/src/features/beta/public.ts': "export { betaInside } from './inside';\n",
  'packages/web/src/features/alpha/usesBetaPublic.ts': "export { betaInside } from '../beta/public';\n",
  'packages/server/src/exports/writeXlsx.ts': 'export const writeXlsx = 1;\n',
  'packages/server/src/exports/eager.ts': "export { writeXlsx } from './writeXlsx.js';\n",
  'packages/server/src/exports/onDemand.ts': "export const load = () => import('./writeXlsx.js');\n",
};
const expected = [
  ['layer-fields', 'packages/fields/src/upward.ts'],
  ['listed-in-manifest', 'packages/fields/src/upward.ts'],
  ['no-circular', 'packages/schema/src/first.ts'],
  ['pure-no-node', 'packages/schema/src/readsFiles.ts'],
  ['server-routes-from-app', 'packages/server/src/reports/feature.ts'],
  ['no-browser-packages', 'packages/server/src/things/thingView.ts'],
  ['server-data-below-features', 'packages/server/src/data/upward.ts'],
  ['web-features-through-public', 'packages/web/src/features/alpha/usesBeta.ts'],
  ['server-optional-packages-on-demand', 'packages/server/src/exports/eager.ts'],
];
/** Imports the rules must let through. */
const allowed = [
  ['web-features-through-public', 'packages/web/src/features/alpha/usesBetaPublic.ts'],
  ['server-optional-packages-on-demand', 'packages/server/src/exports/onDemand.ts'],
];

try {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
  for (const name of ['fields', 'schema', 'server', 'web'])
    copyFileSync(
      join(root, 'packages', name, 'package.json'),
      join(scratch, 'packages', name, 'package.json'),
    );
  copyFileSync(join(root, 'package.json'), join(scratch, 'package.json'));
  copyFileSync(join(root, 'tsconfig.base.json'), join(scratch, 'tsconfig.base.json'));
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));

  const run = spawnSync(
    join(root, 'node_modules/.bin/depcruise'),
    ['packages', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: scratch, encoding: 'utf8' },
  );
  if (run.error || run.stdout === '') throw run.error ?? new Error(run.stderr);
  const output = run.stdout;
  const found = JSON.parse(output).summary.violations.map((v) => [v.rule.name, v.from]);
  const missing = expected.filter(([rule, from]) => !found.some(([r, f]) => r === rule && f === from));
  if (missing.length > 0) {
    console.error(
      `The dependency rules let through:\n  ${missing.map(([rule, from]) => `${rule} from ${from}`).join('\n  ')}`,
    );
    process.exit(1);
  }
  const wrong = allowed.filter(([rule, from]) => found.some(([r, f]) => r === rule && f === from));
  if (wrong.length > 0) {
    console.error(
      `The dependency rules refuse:\n  ${wrong.map(([rule, from]) => `${rule} from ${from}`).join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`The dependency rules catch ${expected.map(([rule]) => rule).join(', ')}.`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
