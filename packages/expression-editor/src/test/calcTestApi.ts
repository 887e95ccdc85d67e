import {
  type CalcParameter,
  compile,
  evaluate,
  functionHelp,
  type MemoryType,
  memoryData,
  memorySchema,
  SNIPPET_GROUP,
  snippets,
} from '@plinth/calc';
import type { CalcEditorApi, DescribeResult, GenerateResult } from '../api/calcEditorApi';
import type { CompileAnswer } from '../api/calcEditorContracts';

// A small CRM in memory: Opportunity → Account → Owner (Person). Type ids are numbers in text, as
// the server's are numbers.
const types: MemoryType[] = [
  {
    id: '1',
    name: 'Opportunity',
    fields: [
      { id: '11', name: 'Amount', type: 'Currency', isCalculated: false },
      { id: '12', name: 'Close Date', type: 'Date', isCalculated: false },
    ],
    relationships: [{ id: '101', name: 'Account', toType: '2', isList: false }],
  },
  {
    id: '2',
    name: 'Account',
    fields: [{ id: '21', name: 'Billing City', type: 'String', isCalculated: false }],
    relationships: [{ id: '102', name: 'Owner', toType: '3', isList: false }],
  },
  { id: '3', name: 'Person', fields: [{ id: '31', name: 'Email', type: 'String', isCalculated: false }] },
];
const schema = memorySchema(types);
const data = memoryData(
  [
    { id: '501', typeId: '1', name: 'Big deal', fields: { '11': '1200.50' }, related: { '101': ['601'] } },
    { id: '502', typeId: '1', name: 'Small deal', fields: { '11': '80' }, related: { '101': ['601'] } },
    { id: '601', typeId: '2', name: 'Acme', fields: { '21': 'Sydney' }, related: { '102': ['701'] } },
    { id: '701', typeId: '3', name: 'Ann Lee', fields: { '31': 'ann@example.com' } },
  ],
  schema,
);

export interface CalcTestApiOptions {
  describe?: CalcEditorApi['describe'];
  generate?: CalcEditorApi['generate'];
  isAiGenerateEnabled?: boolean;
  /** Makes compile calls fail, as an HTTP failure does. */
  failCompile?: boolean;
}

const paramsOf = (
  params: readonly { name: string; type?: string | undefined; isList?: boolean | undefined }[],
) =>
  params.map((p) => ({
    name: p.name,
    type: (p.type ?? 'String') as CalcParameter['type'],
    isList: p.isList ?? false,
  }));

/**
 * The editor's calls answered by the real calculation language over an in-memory schema: compile
 * messages, function help and snippets are the product's own, evaluated values real.
 */
export function calcTestApi(options: CalcTestApiOptions = {}) {
  const calls = { compile: [] as string[], evaluate: [] as string[], describe: 0, generate: [] as string[] };
  const api: CalcEditorApi = {
    async compile(request) {
      calls.compile.push(request.expr);
      if (options.failCompile) throw Object.assign(new Error('Service Unavailable'), { status: 503 });
      const c = compile(request.expr, {
        schema,
        host: 'Evaluate',
        params: paramsOf(request.params ?? []),
        ...(request.context === undefined ? {} : { contextTypeId: String(request.context) }),
      });
      const messages = c.messages.map((m) => ({ msgType: m.type, message: m.text, location: m.location }));
      const answer: CompileAnswer = {
        resultType: c.resultType,
        isList: c.isList,
        entityTypeId: c.entityTypeId ? Number(c.entityTypeId) : null,
        error: messages.find((m) => m.msgType === 'Error')?.message ?? null,
        warning: messages.find((m) => m.msgType === 'Warning')?.message ?? null,
        messages,
      };
      return answer;
    },
    async evaluate(request) {
      calls.evaluate.push(request.expr);
      const c = compile(request.expr, {
        schema,
        host: 'Evaluate',
        params: paramsOf(request.params ?? []),
        contextTypeId: '1',
      });
      const r = await evaluate(c, {
        context: request.context === undefined ? null : { id: String(request.context), typeId: '1' },
        clock: () => Date.UTC(2026, 10, 28),
        timeZone: 'UTC',
        data,
      });
      return {
        value: r.value,
        resultType: r.resultType,
        isList: r.isList,
        entityTypeId: null,
        error: r.error ?? null,
      };
    },
    async functions(typeId) {
      const type = types.find((t) => t.id === String(typeId));
      return {
        functions: functionHelp().map((f) => ({
          ...f,
          aliases: [...f.aliases],
          signatures: [...f.signatures],
        })),
        fields: type
          ? [{ name: 'Name', type: 'String' }, ...(type.fields ?? [])].map((f, i) => ({
              id: i + 1,
              name: f.name,
              scriptName: f.name,
              type: f.type,
              isCalculated: false,
            }))
          : [],
        relationships: (type?.relationships ?? []).map((r) => ({
          id: Number(r.id),
          name: r.name,
          direction: 'fwd' as const,
          toTypeId: Number(r.toType),
          isList: r.isList,
        })),
      };
    },
    async snippets() {
      return { group: SNIPPET_GROUP, snippets: snippets.map((s) => ({ ...s })) };
    },
    describe:
      options.describe ??
      (async (): Promise<DescribeResult> => {
        calls.describe += 1;
        return {
          isError: false,
          description: 'Doubles the amount.',
          steps: ['Read [Amount].', 'Multiply it by 2.'],
        };
      }),
    generate:
      options.generate ??
      (async (request): Promise<GenerateResult> => {
        calls.generate.push(request.prompt);
        return { calculation: '[Amount] * 2', isError: false, errorMessage: '' };
      }),
    isAiGenerateEnabled: async () => options.isAiGenerateEnabled ?? false,
    records: async () => [
      { id: 501, name: 'Big deal' },
      { id: 502, name: 'Small deal' },
    ],
  };
  return { api, calls };
}
