import {
  type BaseType,
  type CalcParameter,
  compile,
  functionHelp,
  type MemoryType,
  memorySchema,
  SNIPPET_GROUP,
  snippets,
} from '@plinth/calc';
import {
  emptyAppMenu,
  newAppSettings,
  sysType,
  type TypeSchemaResponse,
  type WorkflowDefinition,
  workflowDefinition,
} from '@plinth/schema';
import { fakeApi } from '../../test/fakeApi';
import { adminMe } from '../admin/adminServerHarness';
import { calcTypeOfField } from './workflowMembers';

/** A small CRM: Accounts, Opportunities with a Stage choice and a Close Date, Activities. */
const T = { account: 10_010, opportunity: 10_020, stage: 10_030, activity: 10_040 };
const objects = [
  { id: T.account, name: 'Account' },
  { id: T.opportunity, name: 'Opportunity' },
  { id: T.stage, name: 'Stage', isChoiceType: true },
  { id: T.activity, name: 'Activity' },
  { id: sysType.userAccount, name: 'User Account', isSystem: true },
  { id: sysType.userTask, name: 'User Task', isSystem: true },
];
type FakeField = {
  id: number;
  typeId: number;
  name: string;
  type: 'Text' | 'Currency' | 'Date';
  storage: string;
};
const fields: FakeField[] = [
  ...objects.map((o) => ({
    id: 100 + o.id,
    typeId: o.id,
    name: 'Name',
    type: 'Text' as const,
    storage: 'string',
  })),
  { id: 10_201, typeId: T.opportunity, name: 'Amount', type: 'Currency', storage: 'currency' },
  { id: 10_202, typeId: T.opportunity, name: 'Close Date', type: 'Date', storage: 'date' },
  { id: 10_203, typeId: T.activity, name: 'Due', type: 'Date', storage: 'date' },
];
type FakeRel = { id: number; fromTypeId: number; toTypeId: number; toName: string; fromName: string };
const relationships: FakeRel[] = [
  {
    id: 10_301,
    fromTypeId: T.opportunity,
    toTypeId: T.account,
    toName: 'Account',
    fromName: 'Opportunities',
  },
  { id: 10_302, fromTypeId: T.opportunity, toTypeId: T.stage, toName: 'Stage', fromName: 'Opportunities' },
  {
    id: 10_303,
    fromTypeId: T.activity,
    toTypeId: T.opportunity,
    toName: 'Opportunity',
    fromName: 'Activities',
  },
  { id: 10_304, fromTypeId: T.account, toTypeId: sysType.userAccount, toName: 'Owner', fromName: 'Accounts' },
];

const calcSchema = memorySchema(
  objects.map(
    (o): MemoryType => ({
      id: String(o.id),
      name: o.name,
      ...(o.isChoiceType ? { isChoice: true } : {}),
      fields: fields
        .filter((f) => f.typeId === o.id && f.name !== 'Name')
        .map((f) => ({
          id: String(f.id),
          name: f.name,
          type: calcTypeOfField(f as never) as Exclude<BaseType, 'Entity' | 'None'>,
          isCalculated: false,
        })),
      relationships: relationships
        .filter((r) => r.fromTypeId === o.id)
        .map((r) => ({
          id: String(r.id),
          name: r.toName,
          toType: String(r.toTypeId),
          isList: false,
          reverseName: r.fromName,
          reverseIsList: true,
        })),
    }),
  ),
);

function typeSchemaOf(typeId: number): TypeSchemaResponse | null {
  const type = objects.find((o) => o.id === typeId);
  if (!type) return null;
  const end = (r: FakeRel, direction: 'fwd' | 'rev') => ({
    id: r.id,
    name: `${r.fromName} ${r.toName}`,
    relType: 'lookup' as const,
    cardinality: 'manyToOne' as const,
    fromTypeId: r.fromTypeId,
    toTypeId: r.toTypeId,
    toName: r.toName,
    fromName: r.fromName,
    toScriptName: r.toName.replace(/\W/g, ''),
    fromScriptName: r.fromName.replace(/\W/g, ''),
    isMandatory: false,
    isReverseMandatory: false,
    direction,
    endName: direction === 'fwd' ? r.toName : r.fromName,
    endScriptName: (direction === 'fwd' ? r.toName : r.fromName).replace(/\W/g, ''),
  });
  return {
    type: {
      id: type.id,
      name: type.name,
      scriptName: type.name.replace(/\W/g, ''),
      isAbstract: false,
      isChoiceType: type.isChoiceType ?? false,
      isSystem: type.isSystem ?? false,
    },
    ancestors: [],
    fields: fields
      .filter((f) => f.typeId === typeId)
      .map((f) => ({
        id: f.id,
        name: f.name,
        scriptName: f.name.replace(/\W/g, ''),
        type: f.type,
        storage: f.storage as 'string',
        typeId,
        isRequired: false,
        isReadOnly: false,
      })),
    relationships: [
      ...relationships.filter((r) => r.fromTypeId === typeId).map((r) => end(r, 'fwd')),
      ...relationships.filter((r) => r.toTypeId === typeId).map((r) => end(r, 'rev')),
    ],
    derivedTypes: [],
    canCreateType: true,
  };
}

type Param = { name: string; type?: string | null; entityTypeId?: number | string | null };
const calcParams = (params: readonly Param[]): CalcParameter[] =>
  params.map((p) => ({
    name: p.name,
    type: (p.type ?? 'String') as BaseType,
    ...(p.entityTypeId ? { entityTypeId: String(p.entityTypeId) } : {}),
  }));

function compileAnswer(body: { expr: string; params?: Param[] | null; expectedResultType?: string | null }) {
  const c = compile(body.expr, {
    schema: calcSchema,
    host: 'Evaluate',
    params: calcParams(body.params ?? []),
    ...(body.expectedResultType ? { expectedResultType: { type: body.expectedResultType as BaseType } } : {}),
  });
  const messages = c.messages.map((m) => ({ msgType: m.type, message: m.text, location: m.location }));
  return {
    resultType: c.resultType,
    isList: c.isList,
    entityTypeId: c.entityTypeId ? Number(c.entityTypeId) : null,
    error: messages.find((m) => m.msgType === 'Error')?.message ?? null,
    warning: messages.find((m) => m.msgType === 'Warning')?.message ?? null,
    messages,
  };
}

/**
 * What the server's save refuses in a definition, in its words ("Step 2 'Set stage', Stage: …"):
 * every expression compiled with the arguments and earlier steps' saved records as parameters.
 */
function problemsOf(def: WorkflowDefinition): string[] {
  const problems: string[] = [];
  const params: Param[] = def.arguments.map((a) =>
    a.type === 'core:resourceArgument'
      ? { name: a.name, type: 'Entity', entityTypeId: a.entityTypeId ?? null }
      : { name: a.name },
  );
  def.steps.forEach((step, i) => {
    const check = (member: string, expr: string, expected?: string) => {
      const answer = compileAnswer({ expr, params, expectedResultType: expected ?? null });
      if (answer.error) problems.push(`Step ${i + 1} '${step.name}', ${member}: ${answer.error}`);
      return answer;
    };
    const values = (typeId: number, list: ReadonlyArray<{ memberId: number; expression: string }>) => {
      for (const v of list) {
        const field = fields.find((f) => f.id === v.memberId && f.typeId === typeId);
        const rel = relationships.find((r) => r.id === v.memberId);
        check(
          field?.name ?? rel?.toName ?? `#${v.memberId}`,
          v.expression,
          field ? calcTypeOfField(field as never) : 'Entity',
        );
      }
    };
    switch (step.kind) {
      case 'setFields': {
        const record = check('Record', step.record);
        if (record.entityTypeId) values(record.entityTypeId, step.values);
        break;
      }
      case 'createRecord':
        values(step.typeId, step.values);
        if (step.saveAs) params.push({ name: step.saveAs, type: 'Entity', entityTypeId: step.typeId });
        break;
      case 'link':
      case 'unlink':
        check('From', step.from);
        check('To', step.to);
        break;
      case 'notify':
        check('Recipient', step.recipient);
        check('Subject', step.subject, 'String');
        check('Message', step.message, 'String');
        break;
      case 'assignTask':
        check('Title', step.title, 'String');
        check('Assignee', step.assignee);
        if (step.saveAs) params.push({ name: step.saveAs, type: 'Entity', entityTypeId: sysType.userTask });
        break;
      case 'branch':
        check('Condition', step.condition, 'Bool');
        break;
    }
  });
  return problems;
}

interface StoredWorkflow {
  id: number;
  version: number;
  name: string;
  description: string | null;
  workflowDefinition: string;
  runnableBy: number[];
}

const roles = [
  { id: 500, name: 'Administrators' },
  { id: 501, name: 'Everyone' },
  { id: 10_050, name: 'Sales' },
];

/**
 * A small in-memory stand-in for the calls the workflow editor makes, answering as the server's
 * contracts say: workflows as records through the entity put (versions checked, definitions
 * compiled with the real calculation language and refused naming the step), the schema, roles,
 * apps, and the expression editor's compile.
 */
export function workflowServerHarness() {
  const workflows: StoredWorkflow[] = [];
  let nextId = 30_000;
  const ok = (body: unknown) => ({ status: 200, body });
  const error = (status: number, code: string, message: string, details?: unknown) => ({
    status,
    body: { error: { code, message, ...(details ? { details } : {}) } },
  });
  const entity = (w: StoredWorkflow) => ({
    id: w.id,
    typeId: sysType.workflow,
    alias: null,
    name: w.name,
    version: w.version,
    canModify: true,
    canDelete: true,
    description: w.description,
    workflowDefinition: w.workflowDefinition,
    workflowRunnableBy: w.runnableBy.map((id) => ({
      id,
      typeId: sysType.role,
      alias: null,
      name: roles.find((r) => r.id === id)?.name ?? null,
    })),
  });
  // biome-ignore lint/suspicious/noExplicitAny: a fake server reads the JSON bodies loosely.
  const put = (body: any) => {
    for (const id of body.deleted ?? []) {
      const at = workflows.findIndex((w) => w.id === id);
      if (at >= 0) workflows.splice(at, 1);
    }
    const ids: Record<string, number> = {};
    const versions: Array<{ id: number; version: number }> = [];
    for (const change of body.entities ?? []) {
      const existing = workflows.find((w) => w.id === change.id);
      if (typeof change.id === 'number' && !existing)
        return error(404, 'not_found', 'The record was not found.');
      if (existing && change.version !== undefined && change.version !== existing.version)
        return error(
          412,
          'precondition_failed',
          `'${existing.name}' was changed by someone else after it was read. Read it again and retry.`,
          { id: existing.id, version: existing.version },
        );
      const text = String(change.fields?.workflowDefinition ?? existing?.workflowDefinition ?? '');
      const parsed = workflowDefinition.safeParse(text ? JSON.parse(text) : {});
      const problems = parsed.success ? problemsOf(parsed.data) : parsed.error.issues.map((i) => i.message);
      if (problems.length > 0)
        return error(400, 'validation_failed', 'Some values are not valid.', {
          errors: problems.map((message) => ({ id: change.id, member: 'workflowDefinition', message })),
        });
      const saved: StoredWorkflow = existing ?? {
        id: nextId++,
        version: 0,
        name: '',
        description: null,
        workflowDefinition: '',
        runnableBy: [],
      };
      saved.name = change.fields?.name ?? saved.name;
      saved.description = change.fields?.description ?? null;
      saved.workflowDefinition = text;
      saved.runnableBy = change.relationships?.workflowRunnableBy?.set ?? saved.runnableBy;
      saved.version += 1;
      if (!existing) {
        workflows.push(saved);
        ids[change.id] = saved.id;
      }
      versions.push({ id: saved.id, version: saved.version });
    }
    return ok({ ids, versions, deleted: body.deleted ?? [] });
  };

  // biome-ignore lint/suspicious/noExplicitAny: a fake server reads the JSON bodies loosely.
  const { api, requests } = fakeApi((path, body: any, method) => {
    if (path === '/auth/me') return ok(adminMe);
    if (path === '/spapi/data/v1/tenantSettings') return error(404, 'not_found', 'No.');
    if (path === '/spapi/data/v1/entity/ofType' && body.typeId === sysType.workflow)
      return ok({ entities: workflows.map(entity), pageSize: 1000, hasMore: false });
    if (path === '/spapi/data/v1/entity/query')
      return ok({ entities: workflows.filter((w) => body.ids.includes(w.id)).map(entity) });
    if (path === '/spapi/data/v1/entity/put') return put(body);
    if (path === '/spapi/data/v1/schema/types')
      return ok({
        types: objects.map((o) => ({ isAbstract: false, isChoiceType: false, isSystem: false, ...o })),
      });
    const typeCall = /^\/spapi\/data\/v1\/schema\/type\/(\d+)$/.exec(path);
    if (typeCall) {
      const schema = typeSchemaOf(Number(typeCall[1]));
      return schema ? ok(schema) : error(404, 'not_found', 'There is no such Object.');
    }
    if (path === '/spapi/data/v1/calceditor/compile') return ok(compileAnswer(body));
    if (path.startsWith('/spapi/data/v1/calceditor/functions'))
      return ok({
        functions: functionHelp().map((f) => ({
          ...f,
          aliases: [...f.aliases],
          signatures: [...f.signatures],
        })),
        fields: [],
        relationships: [],
      });
    if (path === '/spapi/data/v1/calceditor/snippets')
      return ok({ group: SNIPPET_GROUP, snippets: snippets.map((s) => ({ ...s })) });
    if (path === '/spapi/data/v1/featureFlags') return ok({ aiGenerate: false, aiExplain: false });
    if (path === '/spapi/admin/v1/roles')
      return ok({
        roles: roles.map((r) => ({ ...r, description: null, builtIn: r.id < 1000, members: [], rules: [] })),
        types: objects.map(({ id, name }) => ({ id, name })),
      });
    if (path === '/spapi/admin/v1/apps')
      return ok({
        apps: [
          {
            id: 40_000,
            name: 'Sales',
            slug: 'sales',
            displayAlias: null,
            description: null,
            isEnabled: true,
            allowsAnonymous: false,
            version: '1.0.0',
            pageCount: 2,
            modifiedAt: '2026-03-01T00:00:00.000Z',
          },
        ],
      });
    if (path === '/spapi/admin/v1/apps/40000')
      return ok({
        id: 40_000,
        revision: 1,
        isSharedApp: false,
        settings: newAppSettings('Sales', 'sales'),
        menu: emptyAppMenu(),
        pages: [
          {
            id: 40_001,
            name: 'Opportunity form',
            slug: 'opportunity',
            type: 'singleRecordEdit',
            contextEntityTypeId: T.opportunity,
          },
          { id: 40_002, name: 'Home', slug: 'home', type: 'default', contextEntityTypeId: null },
        ],
        modifiedAt: '2026-03-01T00:00:00.000Z',
      });
    return error(404, 'not_found', `No fake for ${method} ${path}`);
  });
  return { api, requests, workflows, objectIds: T };
}
