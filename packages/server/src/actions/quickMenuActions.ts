import {
  type ActionItem,
  type EntityId,
  fixedActionIds,
  type QuickMenu,
  recordActionIds,
  sysType,
  systemAction,
  type TypeDef,
} from '@plinth/schema';
import { permittedIds } from '../access/rowChecks.js';
import type { RequestContext } from '../context.js';
import { tenantScope } from '../data/tenantScope.js';
import { generateDocumentActions } from '../documentTemplates/templateActions.js';
import { DefaultForms } from '../forms/formDefinitions.js';
import { runWorkflowActions } from '../workflows/workflowActions.js';

/**
 * The actions for a type and a selection. Record actions are enabled only when every selected
 * record grants the permission their state needs; new actions list each creatable derived type.
 */
export async function quickMenuActions(
  ctx: RequestContext,
  type: TypeDef,
  selectedIds: readonly EntityId[],
): Promise<QuickMenu> {
  const selected = await tenantScope(ctx).readRecords(selectedIds);
  const allReadable = selected.length === new Set(selectedIds).size;
  const one = allReadable && selected.length === 1;
  const some = allReadable && selected.length > 0;
  // Rules with a calculation grant on some rows only: asked of the database.
  const modifiable = some ? await permittedIds(ctx, 'modify', selected) : new Set<EntityId>();
  const deletable = some ? await permittedIds(ctx, 'delete', selected) : new Set<EntityId>();
  const canModifyAll = some && selected.every((r) => modifiable.has(r.id));
  const canDeleteAll = some && selected.every((r) => deletable.has(r.id));
  const typeAccess = ctx.perms.forType(type.id);
  // Rules with a calculation grant on some records of the type.
  const mayRead = typeAccess.read !== 'none' || ctx.perms.hasRowRules('read', type.id);
  const mayModify = typeAccess.modify !== 'none' || ctx.perms.hasRowRules('modify', type.id);
  const isDocument = ctx.schema.isA(type.id, sysType.document);

  const creatable = ctx.schema
    .descendants(type.id)
    .map((id) => ctx.schema.type(id)!)
    .filter((t) => ctx.perms.canCreateType(t.id))
    .sort((a, b) => (a.id === type.id ? -1 : b.id === type.id ? 1 : a.name.localeCompare(b.name)));
  // The form each type's records are created with, as the server's form checks find it; a stored
  // form that cannot be read leaves the generated one.
  const forms = new DefaultForms(ctx);
  const createForms = await Promise.all(
    creatable.map((t) =>
      forms.of(t).then(
        (f) => f.id,
        () => null,
      ),
    ),
  );

  const actions: ActionItem[] = [
    ...creatable.map((t, i) =>
      systemAction({
        id: fixedActionIds.new,
        name: t.name,
        displayname: `New ${t.name}`,
        method: 'navigate',
        state: 'createForm',
        eid: t.id,
        order: i,
        isnew: true,
        isbutton: t.id === type.id,
        data: { TypeDefaultForm: createForms[i] ?? null },
      }),
    ),
    systemAction({
      id: recordActionIds.view,
      name: 'View',
      method: 'navigate',
      state: 'viewForm',
      order: 10,
      iscontext: true,
      isselect: true,
      isenabled: one,
    }),
    systemAction({
      id: recordActionIds.edit,
      name: 'Edit',
      method: 'navigate',
      state: 'editForm',
      order: 20,
      iscontext: true,
      isselect: true,
      isenabled: one && canModifyAll,
    }),
    systemAction({
      id: recordActionIds.delete,
      name: 'Delete',
      multiname: 'Delete selected',
      method: 'delete',
      state: 'delete',
      order: 30,
      iscontext: true,
      isselect: true,
      ismultiselect: true,
      isenabled: canDeleteAll,
    }),
    systemAction({
      id: fixedActionIds.viewInFormPanel,
      name: 'View in Form panel',
      method: 'custom',
      state: 'viewInFormPanel',
      order: 40,
      iscontext: true,
      isselect: true,
      isenabled: one,
    }),
    systemAction({
      id: fixedActionIds.editInline,
      name: 'Edit Inline',
      method: 'custom',
      state: 'editInline',
      order: 50,
      isenabled: mayModify,
    }),
    systemAction({
      id: fixedActionIds.multiSelect,
      name: 'Multi-select',
      method: 'custom',
      state: 'enterMultiSelectMode',
      order: 60,
    }),
    systemAction({
      id: fixedActionIds.exitMultiSelect,
      name: 'Exit multi-select',
      method: 'custom',
      state: 'exitMultiSelectMode',
      order: 61,
    }),
    ...(['excel', 'csv', 'word'] as const).map((format, i) =>
      systemAction({
        id: fixedActionIds.export,
        name: { excel: 'Excel', csv: 'CSV', word: 'Word' }[format],
        method: 'export',
        state: format,
        order: 100 + i,
      }),
    ),
  ];
  // One generate-document item per template of the type the caller may read (decision 0129).
  actions.push(...(await generateDocumentActions(ctx, type.id, one)));
  // One run item per workflow the caller may run on the type's records (decision 0126).
  actions.push(...(await runWorkflowActions(ctx, type.id, one)));
  if (isDocument) {
    actions.push(
      systemAction({
        id: fixedActionIds.previewFile,
        name: 'Preview file',
        method: 'custom',
        state: 'previewFile',
        order: 15005,
        iscontext: true,
        isselect: true,
        isenabled: one,
      }),
      systemAction({
        // Spec 02 §3 gives Download and Export the one fixed id.
        id: fixedActionIds.export,
        name: 'Download',
        method: 'custom',
        state: 'downloadDocument',
        order: 15006,
        iscontext: true,
        isselect: true,
        isenabled: one,
      }),
      systemAction({
        id: recordActionIds.replace,
        name: 'Replace file',
        method: 'custom',
        state: 'replaceDocument',
        order: 15007,
        iscontext: true,
        isselect: true,
        isenabled: one && canModifyAll,
      }),
    );
  }
  return {
    actions: actions.sort((a, b) => a.order - b.order),
    showNewMenu: creatable.length > 0,
    showExportMenu: mayRead,
    showEditInlineButton: mayModify,
    showEditInlineMenu: mayModify,
    showFormPanelButton: true,
    showFormPanelMenu: true,
  };
}
