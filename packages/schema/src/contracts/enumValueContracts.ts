import { z } from 'zod';
import { entityId } from './common.js';

/**
 * One value of a choice (enumeration) type as pickers show it (spec 02 §3 "Entity type read for
 * pickers"): its order (`enumOrder`, 999 when missing), colour, icon image and retired flag.
 */
export const enumValue = z.object({
  id: entityId,
  name: z.string().nullable(),
  order: z.number(),
  /** The stored colour (`enumColour`); pickers ignore transparent, white and black. */
  colour: z.string().nullable(),
  /** The image record of the icon (`enumIcon` holding an image id); null when it holds none. */
  iconImageId: entityId.nullable(),
  isRetired: z.boolean(),
});
export type EnumValue = z.infer<typeof enumValue>;

/**
 * `GET /spapi/data/v1/schema/type/{typeId}/enumValues`: every value of a choice type the caller
 * may read, by order, then name; neither paged nor searched.
 */
export const enumValuesResponse = z.object({ values: z.array(enumValue) });
export type EnumValuesResponse = z.infer<typeof enumValuesResponse>;
