import {
  EXAMPLE_CONTEXT,
  exampleRecords,
  exampleTypes,
  exampleValueText,
  type FunctionCategory,
  type FunctionDef,
  functionCatalogue,
  type MemoryRecord,
  type MemoryType,
  SNIPPET_GROUP,
  signatureText,
  snippets,
} from '@plinth/calc';
import { referenceStyles } from './referenceStyles.js';

/** The groups of the reference, in the order of calc-language.md §5. */
const categories: readonly FunctionCategory[] = [
  'General',
  'Data',
  'Math',
  'Text',
  'Date and time',
  'Aggregate',
  'List',
  'Encoding',
];

/** The anchor of a category, e.g. `date-and-time`. */
export const categoryAnchor = (c: FunctionCategory) => c.toLowerCase().replace(/\s+/g, '-');
/** The anchor of a function is its name, e.g. `/docs/sample-calculations#iif`. */
export const functionAnchor = (name: string) => name;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const code = (s: string, cls?: string) => `<code${cls ? ` class="${cls}"` : ''}>${escapeHtml(s)}</code>`;

/**
 * The calculation reference at /docs/sample-calculations (spec 03 §2 Help, §7): every function of
 * the registry with its signatures, description and example with the value it gives on the sample
 * order, grouped by category, then the snippets. Generated from the registry, the one source of the
 * editor's help, so the page cannot list a function the compiler does not know or miss one it does.
 * Server-rendered HTML without script (decision 0080).
 */
export function calculationReferenceHtml(): string {
  const byCategory = categories.map((c) => ({
    category: c,
    defs: functionCatalogue.filter((d) => d.category === c),
  }));
  const contents = [
    '<li><a href="#writing">Writing a calculation</a></li>',
    '<li><a href="#sample">The sample order</a></li>',
    ...byCategory.map(
      ({ category, defs }) =>
        `<li><a href="#${categoryAnchor(category)}">${escapeHtml(category)}</a><ol>${defs
          .map((d) => `<li><a href="#${functionAnchor(d.name)}">${escapeHtml(d.name)}</a></li>`)
          .join('')}</ol></li>`,
    ),
    '<li><a href="#snippets">Snippets</a></li>',
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Calculation reference · Plinth</title>
<style>${referenceStyles}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header>
<p class="overline">Plinth help</p>
<h1>Calculation reference</h1>
<p class="intro">Calculations work out calculated fields, default values, visibility and read-only
rules, custom validation, report columns and access rules. Every function is listed here with what
it takes, what it does and an example. Each example runs on the <a href="#sample">sample order</a>
on 15 March 2024 at 10:30 (UTC), and the value shown is the one it gives.</p>
</header>
<div class="layout">
<nav aria-label="Contents">
<h2>Contents</h2>
<ol>
${contents}
</ol>
</nav>
<main id="main">
${basicsSection()}
${sampleSection()}
${byCategory.map(({ category, defs }) => categorySection(category, defs)).join('\n')}
${snippetsSection()}
</main>
</div>
</body>
</html>
`;
}

function basicsSection(): string {
  const items = [
    `Fields, relationships and variables are named in square brackets: ${code('[Unit Price]')}, ${code('[Customer].Name')}.`,
    `Text is in single quotes (${code("'Bulk'")}, ${code("'it''s'")}); dates, times and date-times are written ${code('#2024-01-31#')}, ${code('#17:00#')}, ${code('#2024-01-31 17:00#')}.`,
    `Operators: ${code('+ - * / %')}, ${code('&')} joins text, ${code('= <> < <= > >=')}, ${code('and')}, ${code('or')}, ${code('not')}, ${code('like')}, ${code('is null')}, ${code('in (…)')}.`,
    `Names and functions ignore case: ${code('IIF')}, ${code('iif')} and ${code('Iif')} are one function. Comments are ${code('/* … */')} or ${code('// …')}.`,
    `Lists are filtered and sorted with ${code('list where condition')} and ${code('list order by key desc')}; ${code('let x = … select …')} names a value.`,
  ];
  return `<section id="writing" aria-labelledby="writing-h">
<h2 id="writing-h">Writing a calculation</h2>
<ul class="basics">${items.map((i) => `<li>${i}</li>`).join('\n')}</ul>
</section>`;
}

const typeOf = (id: string) => exampleTypes.find((t) => t.id === id)!;
const recordsOf = (typeId: string) => exampleRecords.filter((r) => r.typeId === typeId);
const shownValue = (record: MemoryRecord, field: NonNullable<MemoryType['fields']>[number]) =>
  exampleValueText({ value: record.fields?.[field.id] ?? null, resultType: field.type, isList: false });

function sampleSection(): string {
  const order = exampleRecords.find((r) => r.id === EXAMPLE_CONTEXT.id)!;
  const orderType = typeOf(order.typeId);
  const fieldRows = (orderType.fields ?? [])
    .map(
      (f) =>
        `<tr><th scope="row">${code(`[${f.name}]`)}</th><td>${escapeHtml(f.type)}</td><td>${code(shownValue(order, f))}</td></tr>`,
    )
    .join('\n');
  const related = (orderType.relationships ?? []).map((rel) => {
    const names = (order.related?.[rel.id] ?? []).map(
      (id) => exampleRecords.find((r) => r.id === id)?.name ?? id,
    );
    const to = typeOf(rel.toType).name;
    return `<tr><th scope="row">${code(`[${rel.name}]`)}</th><td>${rel.isList ? `List of ${escapeHtml(to)}` : escapeHtml(to)}</td><td>${names.map((n) => escapeHtml(n)).join(', ')}</td></tr>`;
  });
  const lineType = typeOf('line');
  const lineFields = lineType.fields ?? [];
  const lines = recordsOf('line')
    .map(
      (r) =>
        `<tr><th scope="row">${escapeHtml(r.name ?? '')}</th>${lineFields.map((f) => `<td>${code(shownValue(r, f))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const others = ['customer', 'country', 'tag']
    .map(
      (id) =>
        `<li>${escapeHtml(typeOf(id).name)}: ${recordsOf(id)
          .map((r) => escapeHtml(r.name ?? ''))
          .join(', ')}</li>`,
    )
    .join('\n');
  return `<section id="sample" aria-labelledby="sample-h">
<h2 id="sample-h">The sample order</h2>
<p>The examples run on the order ${code(order.name ?? '')}, the current record (${code('context()')}). Its
name is ${code('[Name]')}; its other fields and relationships are these.</p>
<table>
<caption>Fields of the order</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Value</th></tr></thead>
<tbody>
${fieldRows}
</tbody>
</table>
<table>
<caption>Relationships of the order</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Records</th></tr></thead>
<tbody>
${related.join('\n')}
</tbody>
</table>
<div class="scroll" role="region" aria-label="Order lines" tabindex="0">
<table>
<caption>Its order lines (type Line)</caption>
<thead><tr><th scope="col">Name</th>${lineFields.map((f) => `<th scope="col">${escapeHtml(f.name)}</th>`).join('')}</tr></thead>
<tbody>
${lines}
</tbody>
</table>
</div>
<p>Other records that ${code('all(Type)')} and ${code('resource(Type, name)')} find:</p>
<ul>
${others}
</ul>
</section>`;
}

function categorySection(category: FunctionCategory, defs: readonly FunctionDef[]): string {
  const anchor = categoryAnchor(category);
  return `<section id="${anchor}" aria-labelledby="${anchor}-h">
<h2 id="${anchor}-h">${escapeHtml(category)}</h2>
<ul class="group-index" aria-label="${escapeHtml(category)} functions">${defs
    .map((d) => `<li><a href="#${functionAnchor(d.name)}">${escapeHtml(d.name)}</a></li>`)
    .join('')}</ul>
${defs.map(functionArticle).join('\n')}
</section>`;
}

function functionArticle(def: FunctionDef): string {
  const notes = [
    def.aliases?.length ? `Also written ${def.aliases.map((a) => code(a)).join(', ')}.` : '',
    // Reports and access rules run as SQL (the Report host); a function without SQL is refused there.
    def.toSql ? '' : 'Not available in report columns, report conditions or access rules.',
    def.usesClock ? 'Reads the clock: its value changes over time.' : '',
  ].filter(Boolean);
  return `<article class="fn" id="${functionAnchor(def.name)}" aria-labelledby="${functionAnchor(def.name)}-h">
<h3 id="${functionAnchor(def.name)}-h">${code(def.name)}</h3>
${def.signatures.map((s) => `<p>${code(signatureText(def, s), 'sig')}</p>`).join('\n')}
<p>${escapeHtml(def.description)}</p>
${notes.length ? `<p class="note">${notes.join(' ')}</p>` : ''}
<dl class="example">
<dt>Example</dt><dd>${code(def.example, 'expr')}</dd>
<dt>Gives</dt><dd>${code(def.exampleResult, 'value')}</dd>
</dl>
</article>`;
}

function snippetsSection(): string {
  return `<section id="snippets" aria-labelledby="snippets-h">
<h2 id="snippets-h">Snippets</h2>
<p>Ready-made expressions, in the editor's Snippets popup (group ${escapeHtml(SNIPPET_GROUP)}).</p>
${snippets
  .map(
    (s) => `<article class="fn snippet">
<h3>${escapeHtml(s.name)}</h3>
<p>${escapeHtml(s.description)}</p>
<p>${code(s.text, 'sig')}</p>
</article>`,
  )
  .join('\n')}
</section>`;
}
