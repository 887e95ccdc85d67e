import { z } from 'zod';
import { entityId } from './common.js';

/**
 * `GET /spapi/data/v1/report/templateIds`: the stored reports that stand in for types' generated
 * display and picker reports (a type's default display or picker report), ascending. Pickers run
 * such a report narrowed to their own type (`entityTypeId`).
 */
export const templateReportIdsResponse = z.object({ reportIds: z.array(entityId) });
export type TemplateReportIdsResponse = z.infer<typeof templateReportIdsResponse>;
