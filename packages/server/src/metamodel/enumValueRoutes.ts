import { enumValuesResponse, idOrAlias } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readEnumValues } from './enumValues.js';

/** The enum-value lookup of pickers (spec 02 §7 "Picker data"). */
export async function enumValueRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/spapi/data/v1/schema/type/:typeId/enumValues',
    {
      schema: {
        tags: ['schema'],
        summary: 'The values of a choice type, by order then name, with colour, icon and retired flag',
        params: z.object({ typeId: idOrAlias }),
        response: { 200: enumValuesResponse },
      },
    },
    async (request) => ({ values: await readEnumValues(request.ctx, request.params.typeId) }),
  );
}
