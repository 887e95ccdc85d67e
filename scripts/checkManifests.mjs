// The manifests of the workspace packages list exactly what each imports (decision 0039):
// every package a shipped file imports is in its package.json dependencies, every dependency is
// imported (or is a peer of one that is), and the tsconfig references are its @plinth/ dependencies.
// Run by `npm run check:deps` after dependency-cruiser, which checks the imports themselves.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const testFile = /(\.test\.tsx?$|\/(test|bench)\/|\/testMatchers\.d\.ts$|Harness\.tsx?$)/;

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|css)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !testFile.test(relative(root, file)));
}

/** The npm package an import names, or null for a relative path or a Node built-in. */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const name = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0];
  return builtinModules.includes(name) ? null : name;
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.css')) return [...text.matchAll(/@import\s+['"]([^'"]+)['"]/g)].map((m) => m[1]);
  const info = ts.preProcessFile(text, true, true);
  return [...info.importedFiles, ...info.typeReferenceDirectives].map((f) => f.fileName);
}

function peersOf(name) {
  try {
    return Object.keys(readJson(join(root, 'node_modules', name, 'package.json')).peerDependencies ?? {});
  } catch {
    return [];
  }
}

const problems = [];
for (const dir of readdirSync(join(root, 'packages'))) {
  const pkgDir = join(root, 'packages', dir);
  const manifest = readJson(join(pkgDir, 'package.json'));
  const listed = new Set(Object.keys(manifest.dependencies ?? {}));
  const used = new Map();
  for (const file of sourceFiles(join(pkgDir, 'src'))) {
    for (const specifier of importsOf(file)) {
      const name = packageOf(specifier);
      if (name && name !== manifest.name && !used.has(name)) used.set(name, relative(root, file));
    }
  }
  for (const [name, file] of used) {
    if (!listed.has(name)) problems.push(`${dir}: ${file} imports ${name}, which package.json does not list`);
  }
  const peers = new Set([...used.keys()].flatMap(peersOf));
  for (const name of listed) {
    if (!used.has(name) && !peers.has(name))
      problems.push(
        `${dir}: package.json lists ${name}, which no file of src imports (nor is it a peer of one)`,
      );
  }
  const workspaceDeps = [...listed]
    .filter((n) => n.startsWith('@plinth/'))
    .map((n) => n.slice('@plinth/'.length));
  const references = (
    ts.readConfigFile(join(pkgDir, 'tsconfig.json'), ts.sys.readFile).config.references ?? []
  ).map((r) => r.path.replace(/^\.\.\//, ''));
  for (const name of workspaceDeps) {
    if (!references.includes(name)) problems.push(`${dir}: tsconfig.json lacks the reference ../${name}`);
  }
  for (const name of references) {
    if (!workspaceDeps.includes(name))
      problems.push(`${dir}: tsconfig.json references ../${name}, which package.json does not list`);
  }
}

if (problems.length > 0) {
  console.error(`Manifests out of step with the imports:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Manifests and tsconfig references list exactly what each package imports.');
