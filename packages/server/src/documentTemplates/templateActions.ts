import { type ActionItem, type EntityId, systemAction } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { templatesForType } from './templateRecords.js';

/** Where the generate items sit among a menu's actions: after the record actions, before exports. */
const generateOrder = 80;

/**
 * The generate-document items of a type's menus (spec 03 §3 actionMenuItemToReportTemplate): one
 * for each template of the type or a type it derives from that the caller may read, about exactly
 * one readable record, its template in `data.ReportTemplateId` (decision 0129).
 */
export async function generateDocumentActions(
  ctx: RequestContext,
  typeId: EntityId,
  isOneReadable: boolean,
): Promise<ActionItem[]> {
  const templates = await templatesForType(ctx, typeId);
  return templates.map((template, i) => {
    const name = template.name?.trim() || 'Document';
    return systemAction({
      id: template.id,
      alias: 'core:generateDocumentAction',
      name,
      displayname: `Generate ${name}`,
      emptyname: `Generate ${name}`,
      multiname: `Generate ${name}`,
      method: 'generate',
      state: 'word',
      icon: 'generate',
      eid: template.id,
      order: generateOrder + i / 100,
      iscontext: true,
      isselect: true,
      isenabled: isOneReadable,
      data: { ReportTemplateId: template.id },
    });
  });
}
