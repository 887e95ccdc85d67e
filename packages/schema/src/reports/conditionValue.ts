import { z } from 'zod';

/** A scalar a condition compares with: text, number or boolean, as the column's type reads it. */
export const conditionValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
