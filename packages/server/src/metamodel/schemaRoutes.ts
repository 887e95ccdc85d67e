import { defaultNewFieldName, fieldTypes, idOrAlias, relationshipEndName, sysType } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../http/errors.js';

const tags = ['schema'];

/** The metamodel as the form builder and field-schema editor read it. */
export async function schemaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/spapi/data/v1/schema/type/:idOrAlias',
    {
      schema: {
        tags,
        summary: 'A type with its fields (inherited included), relationships, derived types and permissions',
        params: z.object({ idOrAlias }),
      },
    },
    async (request) => {
      const { schema, perms } = request.ctx;
      const type = schema.type(request.params.idOrAlias);
      if (!type || perms.forType(sysType.type).read === 'none') throw notFound();
      return {
        type,
        ancestors: schema.ancestors(type.id).map((t) => ({ id: t.id, name: t.name, alias: t.alias ?? null })),
        fields: schema.fieldsOf(type.id),
        relationships: schema.relationshipsOf(type.id).map(({ rel, direction }) => ({
          ...rel,
          direction,
          endName: relationshipEndName(rel, direction).name,
          endScriptName: relationshipEndName(rel, direction).scriptName,
          endIsDocument: schema.isA(direction === 'fwd' ? rel.toTypeId : rel.fromTypeId, sysType.document),
        })),
        derivedTypes: schema
          .derivedTypes(type.id)
          .map((t) => ({ id: t.id, name: t.name, alias: t.alias ?? null, isAbstract: t.isAbstract })),
        canCreateType: perms.canCreateType(type.id),
      };
    },
  );

  r.get(
    '/spapi/data/v1/schema/newFieldName',
    {
      schema: {
        tags,
        summary: 'The default name of a new field of a type, with a numeric suffix when it clashes',
        querystring: z.object({ typeId: idOrAlias, fieldType: z.string().max(50) }),
      },
    },
    async (request) => {
      const { schema } = request.ctx;
      const type = schema.type(request.query.typeId);
      if (!type) throw notFound();
      const fieldType = fieldTypes.find((t) => t === request.query.fieldType);
      if (!fieldType) throw new AppError('bad_request', 'Invalid field type specified');
      const taken = [
        ...schema.fieldsOf(type.id).flatMap((f) => [f.name, f.scriptName]),
        ...schema
          .relationshipsOf(type.id)
          .flatMap(({ rel, direction }) => Object.values(relationshipEndName(rel, direction))),
      ];
      return { name: defaultNewFieldName(fieldType, taken) };
    },
  );
}
