import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../api/apiClient';
import { SessionProvider } from '../../auth/public';
import { RecordForm } from '../record/RecordForm';
import { control, end, field } from '../render/formFixtures';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };

/** An Account with a Documents end (to core:document, 43) beside its name. */
const account = {
  type: {
    id: 40,
    name: 'Account',
    scriptName: 'account',
    isAbstract: false,
    isChoiceType: false,
    isSystem: false,
  },
  ancestors: [],
  fields: [field(1, 'Name', 'name', 'Text', 'string', { column: 'name' })],
  relationships: [
    end(
      30,
      'fwd',
      'manyToMany',
      { to: 'Documents', from: 'Accounts', script: 'documents' },
      { relType: 'manyToMany', toTypeId: 43, endIsDocument: true },
    ),
  ],
  derivedTypes: [],
  canCreateType: true,
};

const form = {
  id: 500,
  name: 'Account',
  typeId: 40,
  changeMarker: 'f500.v1.m1',
  controls: [control('name', { field: 1 }), control('docs', { rel: 30 })],
  containers: [],
};

const contract = {
  id: 11,
  name: 'Contract.pdf',
  fileExtension: 'pdf',
  size: 2048,
  documentType: {
    id: 900,
    name: 'PDF document',
    mimeType: 'application/pdf',
    extension: 'pdf',
    extensions: ['pdf'],
    icon: null,
  },
  version: 1,
  recordVersion: 1,
  canModify: true,
};

/** A server for the account's form: the form, type, record and its documents. */
function server() {
  const paths: string[] = [];
  const entity = (id: number) => ({
    id,
    typeId: 40,
    alias: null,
    name: id === 0 ? null : 'Acme',
    version: 1,
    canModify: true,
    canDelete: true,
  });
  const handle = (path: string, body: unknown): { status: number; body: unknown } => {
    if (path === '/auth/me') return { status: 200, body: me };
    if (path === '/spapi/data/v1/instance/7' || path === '/spapi/data/v1/type/40/defaultForm')
      return { status: 200, body: form };
    if (path === '/spapi/data/v1/schema/type/40') return { status: 200, body: account };
    if (path === '/spapi/data/v1/form/data') {
      const isNew = (body as { typeId?: number }).typeId !== undefined;
      return {
        status: 200,
        body: {
          formDataEntity: entity(isNew ? 0 : 7),
          formId: 500,
          initiallyHiddenControls: [],
          initiallyReadOnlyControls: [],
        },
      };
    }
    if (path === '/spapi/data/v1/form/evalCalcFieldsForNew')
      return { status: 200, body: { formDataEntity: entity(0), failed: {} } };
    if (path.startsWith('/spapi/data/v2/document/related?'))
      return { status: 200, body: { documents: [contract], total: 1, canUpload: true } };
    return { status: 404, body: { error: { code: 'not_found', message: `No ${path}` } } };
  };
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    paths.push(String(url));
    const answer = handle(String(url), init?.body ? JSON.parse(String(init.body)) : undefined);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  };
  return { client: new ApiClient({ fetch: fetch as typeof globalThis.fetch }), paths };
}

function renderForm(ui: React.ReactElement, client: ApiClient) {
  const user = userEvent.setup();
  render(<SessionProvider client={client}>{ui}</SessionProvider>);
  return user;
}

const documentsGroup = () => screen.findByRole('group', { name: 'Documents' });

beforeEach(() => localStorage.clear());

describe('a record form with an end that reaches documents', () => {
  it('shows the documents control in edit mode, with upload, replace and remove', async () => {
    const { client, paths } = server();
    const user = renderForm(<RecordForm mode="edit" entityId={7} />, client);
    const group = await documentsGroup();
    const card = await within(group).findByRole('listitem', { name: 'Contract.pdf' });
    expect(within(group).getByRole('button', { name: 'Browse' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Actions for Contract.pdf' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'Preview file',
      'Download',
      'Replace file',
      'Remove',
    ]);
    expect(paths).toContain('/spapi/data/v2/document/related?eid=7&relid=30&direction=fwd');
  });

  it('lists the documents read-only in view mode', async () => {
    const { client } = server();
    const user = renderForm(<RecordForm mode="view" entityId={7} />, client);
    const group = await documentsGroup();
    const card = await within(group).findByRole('listitem', { name: 'Contract.pdf' });
    expect(within(group).queryByRole('button', { name: 'Browse' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Actions for Contract.pdf' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'Preview file',
      'Download',
    ]);
  });

  it('says a new record must be saved before documents are added', async () => {
    const { client, paths } = server();
    renderForm(<RecordForm mode="new" typeId={40} />, client);
    const group = await documentsGroup();
    expect(
      within(group).getByText('You must save the Account before creating a Document'),
    ).toBeInTheDocument();
    expect(paths.some((p) => p.includes('/document/related'))).toBe(false);
  });
});
