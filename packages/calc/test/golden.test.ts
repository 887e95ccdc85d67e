import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CalcHost, type CompileOptions, compile, evaluate } from '../src/index.js';
import { compileOptions, evaluateOptions } from './fixture.js';

// Golden cases, as Lezer tests its grammars:
//
//   # name
//   % host: Report            (optional directives: host, context: none, expect: <Type>[ list])
//   expression (one or more lines)
//   ==>
//   expected output
//
// Output: one line per compile message (`Type line:col/length text`), then, when the expression compiled,
// `ResultType[ list] <value as JSON>` or `error: <text>`. UPDATE_GOLDEN=1 rewrites the files.

interface Case {
  name: string;
  directives: Record<string, string>;
  expr: string;
  expected: string;
}

const dir = join(import.meta.dirname, 'golden');

function parseGolden(text: string): Case[] {
  const cases: Case[] = [];
  const blocks = text.split(/^# /m).slice(1);
  for (const block of blocks) {
    const [nameLine = '', ...rest] = block.split('\n');
    const body = rest.join('\n');
    const arrow = body.indexOf('\n==>\n');
    const head = arrow >= 0 ? body.slice(0, arrow) : body;
    const directives: Record<string, string> = {};
    const exprLines: string[] = [];
    for (const line of head.split('\n')) {
      const d = exprLines.length === 0 ? /^% (\w+): (.*)$/.exec(line) : null;
      if (d) directives[d[1]!] = d[2]!;
      else exprLines.push(line);
    }
    cases.push({
      name: nameLine.trim(),
      directives,
      expr: exprLines.join('\n'),
      expected: arrow >= 0 ? body.slice(arrow + 5).trimEnd() : '',
    });
  }
  return cases;
}

async function run(c: Case): Promise<string> {
  const options: CompileOptions = {
    ...compileOptions,
    ...(c.directives.host ? { host: c.directives.host as CalcHost } : {}),
    ...(c.directives.context === 'none' ? { contextTypeId: undefined } : {}),
    ...(c.directives.expect
      ? {
          expectedResultType: {
            type: c.directives.expect.split(' ')[0] as 'String',
            isList: c.directives.expect.endsWith(' list'),
          },
        }
      : {}),
  };
  const compiled = compile(c.expr, options);
  const lines = compiled.messages.map(
    (m) => `${m.type} ${m.location.line}:${m.location.col}/${m.location.length} ${m.text}`,
  );
  if (compiled.ok) {
    const result = await evaluate(compiled, evaluateOptions);
    lines.push(
      result.error !== undefined
        ? `error: ${result.error}`
        : `${result.resultType}${result.isList ? ' list' : ''} ${JSON.stringify(result.value)}`,
    );
  }
  return lines.join('\n');
}

const files = readdirSync(dir).filter((f) => f.endsWith('.golden'));

for (const file of files) {
  describe(file, () => {
    const path = join(dir, file);
    const cases = parseGolden(readFileSync(path, 'utf8'));
    if (process.env.UPDATE_GOLDEN) {
      it('updates', async () => {
        const out: string[] = [];
        for (const c of cases) {
          const directives = Object.entries(c.directives).map(([k, v]) => `% ${k}: ${v}\n`);
          out.push(`# ${c.name}\n${directives.join('')}${c.expr}\n==>\n${await run(c)}\n`);
        }
        writeFileSync(path, out.join('\n'));
      });
      return;
    }
    for (const c of cases) {
      it(c.name, async () => {
        expect(await run(c)).toBe(c.expected);
      });
    }
  });
}
