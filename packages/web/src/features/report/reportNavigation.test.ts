import { describe, expect, it } from 'vitest';
import { intentUrl } from './reportNavigation';

describe('intentUrl', () => {
  it('opens record forms with the context id and form mode', () => {
    expect(intentUrl('crm', { kind: 'viewForm', recordId: 12 })).toBe(
      '/apps/crm/_viewRecord?cid=12&formMode=view',
    );
    expect(intentUrl('crm', { kind: 'editForm', recordId: 12 })).toBe(
      '/apps/crm/_editRecord?cid=12&formMode=edit',
    );
    expect(intentUrl('crm', { kind: 'createForm', typeId: 10_004 })).toBe(
      '/apps/crm/_createRecord?cid=10004',
    );
    // A form id is not a page id: 'Can not navigate to page 7. Page not found' otherwise.
    expect(intentUrl('crm', { kind: 'createForm', typeId: 10_004, formId: 7 })).toBe(
      '/apps/crm/_createRecord?cid=10004',
    );
  });

  it('opens tasks and process runs as records, and has no page for generated documents or workflows', () => {
    expect(intentUrl('a b', { kind: 'task', taskId: 3 })).toBe('/apps/a%20b/_viewRecord?cid=3&formMode=view');
    expect(intentUrl('crm', { kind: 'processRun', runId: 4 })).toBe(
      '/apps/crm/_viewRecord?cid=4&formMode=view',
    );
    expect(intentUrl('crm', { kind: 'documentExport', recordId: 1, templateId: 2 })).toBeNull();
    expect(intentUrl('crm', { kind: 'workflowRun', workflowId: 5 })).toBeNull();
  });
});
