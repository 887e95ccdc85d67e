import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** The packages whose code runs in the server process. */
const roots = ['packages/server/src', 'packages/calc/src', 'packages/schema/src'];

/**
 * Every value kept at module level that can change after it is made (a `let`, a Map, a WeakMap or
 * an empty Set filled later), with why it cannot make two servers answer differently. The
 * coherence table (crossProcessCaches.test.ts, decision 0052) runs two apps in one process: a cache
 * at module level would be shared by both and pass it while two real processes disagree, so every
 * one is listed here, and a new one fails this test until it is.
 */
const allowed: Record<string, string> = {
  // A function of its key alone: the same in every process, whatever the data.
  'packages/server/src/auth/authService.ts dummyHash': 'a hash of a fixed text, made once, for timing',
  'packages/server/src/db/searchFold.ts table': 'the folding table of Unicode text, built once',
  'packages/calc/src/sql/zone.ts tables': 'time zone rules by zone name',
  'packages/calc/src/functions/catalogue.ts byName': 'the built-in functions',
  'packages/calc/src/check/calls.ts BUILTIN_TYPES': 'the built-in types',
  'packages/schema/src/validation/fieldPattern.ts cache': 'a field pattern compiled, by its text',
  'packages/schema/src/time/wallClock.ts formatters': 'date formatters by time zone',
  'packages/schema/src/time/dateOrder.ts ordersByLocale': 'the date order of a locale',
  'packages/schema/src/display/valueText.ts numberFormats': 'number formatters by locale and options',
  'packages/schema/src/reports/colours.ts named': 'the named colours',
  'packages/schema/src/apps/componentTypes.ts registry':
    'the page component types, registered as modules load',
  'packages/schema/src/apps/boundComponentTypes.ts byAlias': 'the data-bound component types, by alias',
  'packages/server/src/apps/pageVersions.ts readContents':
    'a page version content parsed, by its stored text and format',
  'packages/server/src/workflows/workflowCache.ts parsedDefinitions':
    'a workflow definition parsed, by its stored text',
  'packages/server/src/util/objectNumbers.ts lastNumber':
    'a counter naming objects; only ever compared with numbers it gave in this process',
  // Keyed by an object of one app, so each app (and each process) has its own.
  'packages/server/src/calc/calcDataSource.ts compiledFields':
    'by Schema: one metamodel version of one app, replaced when the version moves',
  'packages/server/src/data/calcSchema.ts adapters': 'by Schema, as above',
  'packages/server/src/workflows/workflowCache.ts compiledBySchema':
    "by Schema, then by the definition's JSON: a workflow compiled for one metamodel version",
  'packages/server/src/access/Permissions.ts securingEndsBySchema':
    'by Schema: its securing relationship ends',
  'packages/server/src/util/objectNumbers.ts numbers':
    "by object (a Schema, a parsed report definition): a number for each, part of the compile cache's and the kept answers' keys",
  'packages/server/src/forms/customValidation.ts compiledValidations': 'by Schema, as above',
  'packages/server/src/forms/formDefinitions.ts generatedForms':
    "by Schema: a type's generated form for one metamodel version (field group names included)",
  'packages/server/src/forms/behaviorDependencies.ts byForm':
    'by Schema, then by form definition object: what its calculations read',
  'packages/server/src/entities/transaction.ts pendingTasks': 'by transaction: work to run after its commit',
  'packages/server/src/db/groupCommit.ts drivers':
    "by database handle: its SQLite connection's driver, whose open group only its own process writes",
  'packages/server/src/reports/resultCache.ts caches':
    "by database handle; its entries are revalidated with the database's change markers",
  'packages/server/src/reports/loadReport.ts keptReports':
    "by database handle; an entry serves only while the reports' and settings' change markers read for the request are those it was read under",
  'packages/server/src/reports/definitionCache.ts caches':
    "by database handle; an entry serves only the report row's version and text read for the request",
  'packages/server/src/reports/definitionCache.ts resolved':
    'by definition object, checked against its Schema',
  'packages/server/src/reports/definitionCache.ts generated': 'by Schema',
  'packages/server/src/reports/keptAnswers.ts caches':
    'by database handle; an answer serves only while the markers of what it read are those it was made under',
  'packages/server/src/auth/callerCache.ts caches':
    "by database handle; an entry serves only while the tenant's user and sign-in markers read for the request are those it was read under",
  'packages/server/src/auth/callerCache.ts pendingUses':
    "by database handle: API tokens' last uses to write after the answer",
  'packages/server/src/auth/callerCache.ts writing': 'by database handle: the write of last uses under way',
  'packages/server/src/reports/reportAggregate.ts derived':
    'by definition object (kept per report row version): its one-column aggregate definitions',
  'packages/server/src/reports/reportMeta.ts kept':
    'by resolved columns, themselves kept per definition and Schema',
};

const declaration =
  /^(?:export )?(?:(?:let|var) (\w+)|const (\w+)(?:: [^=]+)? = new (?:Map|WeakMap|WeakSet|Set(?:<[^>]*>)?\(\))\b)|^\s+(?:private |readonly |public )*static (?:readonly )?#?(\w+)(?:: [^=]+)? = new (?:Map|WeakMap|Set)\b/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('state kept at module level', () => {
  const found = roots.flatMap((root) =>
    sourceFiles(path.join(repoRoot, root)).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line) => {
          const m = declaration.exec(line);
          const name = m && (m[1] ?? m[2] ?? m[3]);
          return name ? [`${path.relative(repoRoot, file)} ${name}`] : [];
        }),
    ),
  );

  it('is only what cannot differ between two servers on one database', () => {
    const unexplained = found.filter((k) => !(k in allowed));
    expect(
      unexplained,
      'Module-level state is shared by every app of a process, so the two-app coherence test cannot see it: ' +
        "keep a cache in an app's services (or key it by its database handle or Schema), revalidate it with " +
        'the change markers, and list it above with why two servers cannot disagree.',
    ).toEqual([]);
  });

  it('lists nothing that is gone', () => {
    expect(Object.keys(allowed).filter((k) => !found.includes(k))).toEqual([]);
  });
});
