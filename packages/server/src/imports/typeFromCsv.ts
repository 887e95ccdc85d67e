import {
  type CsvNewTypeRequest,
  type CsvNewTypeResponse,
  type EntityChange,
  sysField,
  sysType,
  toScriptName,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { putEntities } from '../entities/putEntities.js';
import { AppError, badRequest } from '../http/errors.js';
import { csvRecords } from './csvText.js';
import { readUpload } from './csvUploads.js';
import { importMessages } from './importMessages.js';
import { describeTargets, importTargets } from './importTargets.js';

/**
 * Creates an Object from an uploaded file's header (administrators only): a field per column the
 * user kept, of the type they chose (Text unless the guess or they said otherwise), through the
 * entity service's put, so the schema's own rules and messages apply (a name already taken…). The
 * column chosen for the records' names fills the Name field. Answers the new type and the mapping
 * of the file's columns onto it.
 */
export async function createTypeFromCsv(
  ctx: RequestContext,
  req: CsvNewTypeRequest,
): Promise<CsvNewTypeResponse> {
  if (!ctx.actor.isAdmin) throw new AppError('forbidden', importMessages.notAdmin);
  const upload = await readUpload(ctx, req.uploadId);
  const columns = await headerOf(upload.content);
  if (req.columns.length !== columns.length) throw badRequest(importMessages.columnsLength);
  if (req.nameColumn !== null && req.nameColumn >= columns.length)
    throw badRequest(importMessages.nameColumn);
  // Script names unique on the type, the inherited ones (name, description…) included.
  const taken = new Set(ctx.schema.fieldsOf(sysType.resource).map((f) => f.scriptName.toLowerCase()));
  const unique = (base: string) => {
    let candidate = base || 'Field';
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base || 'Field'}_${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
  const fields = req.columns.flatMap((column, i) =>
    column === null || i === req.nameColumn
      ? []
      : [
          {
            i,
            name: column.name,
            scriptName: unique(toScriptName(column.name)),
            fieldType: column.fieldType,
          },
        ],
  );
  const changes: EntityChange[] = [
    {
      id: 'new:type',
      typeId: 'core:type',
      fields: { name: req.name, typeScriptName: toScriptName(req.name, 'Object') },
      relationships: { inherits: { set: [sysType.resource] } },
    },
    ...fields.map((f) => ({
      id: `new:f${f.i}`,
      typeId: 'core:field',
      fields: { name: f.name, fieldScriptName: f.scriptName, fieldType: f.fieldType },
      relationships: { fieldIsOnType: { set: ['new:type'] } },
    })),
  ];
  const answer = await putEntities(ctx, { entities: changes, deleted: [] });
  const typeId = answer.ids['new:type']!;
  // The schema as the put left it: the request's own is from before the new type.
  const { schema } = await ctx.metaCache.get(ctx.db, ctx.tenantId);
  return {
    typeId,
    targets: describeTargets(importTargets(schema, typeId)),
    mapping: columns.map((_, i) => {
      if (i === req.nameColumn) return `#${sysField.name}`;
      const id = answer.ids[`new:f${i}`];
      return id === undefined ? null : `#${id}`;
    }),
  };
}

async function headerOf(text: string): Promise<string[]> {
  for await (const row of csvRecords(text)) return row.cells;
  throw badRequest(importMessages.empty);
}
