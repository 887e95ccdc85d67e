import { z } from 'zod';
import { entityId, idOrAlias } from './common.js';

/** The action methods of spec 02 §3 ("Action"). */
export const actionMethods = [
  'navigate',
  'delete',
  'run',
  'runNotificationSource',
  'generate',
  'export',
  'exportXml',
  'custom',
  'cancelProcessRun',
  'redirectRunToLatestVersion',
  'examineRunProcessRun',
  'replayRun',
  'startHealthCheckScan',
  'drilldown',
] as const;
export type ActionMethod = (typeof actionMethods)[number];

/** The spec's fixed action ids (spec 02 §3): the menu items every report knows by id; the document Download shares -2 with Export. */
export const fixedActionIds = {
  new: -1,
  export: -2,
  editInline: -3,
  viewInFormPanel: -4,
  multiSelect: -5,
  exitMultiSelect: -6,
  previewFile: -7,
} as const;

/** Ids of the record actions the server adds beside the fixed ones (the spec gives them none). */
export const recordActionIds = { view: -10, edit: -11, delete: -12, replace: -14 } as const;

/**
 * One action of a quick menu, context menu or form (spec 02 §3 "Action"). `state` says what a
 * method does: navigate viewForm/editForm/createForm/taskView, export excel/csv/word, custom
 * editInline, downloadDocument, … `data` may carry ReportTemplateId, RelatedResourceArg and
 * TypeDefaultForm.
 */
export const actionItem = z.object({
  id: z.number().int(),
  alias: z.string(),
  name: z.string(),
  displayname: z.string(),
  emptyname: z.string(),
  multiname: z.string(),
  method: z.enum(actionMethods),
  state: z.string(),
  icon: z.string(),
  /** The record the action is about: the type to create for New, the workflow to run, … (0: none). */
  eid: z.number().int().nonnegative(),
  order: z.number(),
  isbutton: z.boolean(),
  ismenu: z.boolean(),
  iscontext: z.boolean(),
  isenabled: z.boolean(),
  isnew: z.boolean(),
  isselect: z.boolean(),
  ismultiselect: z.boolean(),
  issystem: z.boolean(),
  data: z.record(z.string(), z.unknown()).optional(),
  /** A label the builder set for this action, shown instead of the name. */
  label: z.string().optional(),
});
export type ActionItem = z.infer<typeof actionItem>;

/**
 * A system action with the usual defaults: named by its state, shown in the menu only, enabled,
 * about no record. Give the flags that differ.
 *
 * @example systemAction({ id: -12, name: 'Delete', method: 'delete', state: 'delete', order: 30, isselect: true })
 */
export function systemAction(
  partial: Partial<ActionItem> & Pick<ActionItem, 'id' | 'name' | 'method' | 'state' | 'order'>,
): ActionItem {
  return {
    alias: `core:${partial.state}Action`,
    displayname: partial.name,
    emptyname: partial.name,
    multiname: partial.name,
    icon: partial.state,
    eid: 0,
    isbutton: false,
    ismenu: true,
    iscontext: false,
    isenabled: true,
    isnew: false,
    isselect: false,
    ismultiselect: false,
    issystem: true,
    ...partial,
  };
}

/** The quick menu of a report: its actions and the server's capability flags (spec 02 §3). */
export const quickMenu = z.object({
  actions: z.array(actionItem),
  showNewMenu: z.boolean(),
  showExportMenu: z.boolean(),
  showEditInlineButton: z.boolean(),
  showEditInlineMenu: z.boolean(),
  showFormPanelButton: z.boolean(),
  showFormPanelMenu: z.boolean(),
});
export type QuickMenu = z.infer<typeof quickMenu>;

/**
 * "Fetch quick menu actions" (spec 02 §7): the selected ids, the report, the action entity type,
 * the host ids and host type ids, and the context data entity id. A report or a type is needed;
 * with both, the actions are the type's (the type of the rows the report shows).
 */
export const quickMenuRequest = z
  .object({
    /** Where the actions show (menu, form, …); informational. */
    display: z.string().max(50).optional(),
    reportId: idOrAlias.optional(),
    /** The action entity type. */
    entityTypeId: idOrAlias.optional(),
    hostIds: z.array(entityId).max(100).optional(),
    hostTypeIds: z.array(entityId).max(100).optional(),
    /** The selected record ids (`selected` is the older name of the same list). */
    ids: z.array(entityId).max(200).optional(),
    selected: z.array(entityId).max(200).optional(),
    lastId: entityId.optional(),
    /** The record of the page's context data, when the report sits on a record page. */
    contextEntityId: entityId.optional(),
  })
  .strict();
export type QuickMenuRequest = z.infer<typeof quickMenuRequest>;

export const quickMenuResponse = z.object({ data: quickMenu });
export type QuickMenuResponse = z.infer<typeof quickMenuResponse>;
