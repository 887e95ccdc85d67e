import { ToastRegions } from '@plinth/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { SessionProvider } from '../auth/public';
import { DocumentTemplatesPage } from './DocumentTemplatesPage';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };

/** A server holding templates; the entity put creates and deletes them as the real one does. */
function server(refusal?: string) {
  let templates = [
    {
      id: 71,
      name: 'Account summary',
      typeId: 30,
      typeName: 'Account',
      documentId: 500,
      documentName: 'Account summary.docx',
      canModify: true,
      canDelete: true,
    },
  ];
  const types = [
    { id: 30, name: 'Account' },
    { id: 40, name: 'Opportunity' },
  ];
  return fakeApi((path, body) => {
    if (path === '/auth/me') return { status: 200, body: me };
    if (path === '/spapi/data/v1/document/templates') return { status: 200, body: { templates, types } };
    if (path === '/spapi/data/v1/entity/put') {
      const put = body as {
        entities: Array<{ fields: { name: string }; relationships: Record<string, { set: number[] }> }>;
        deleted: number[];
      };
      const made = put.entities[0];
      if (made && refusal)
        return {
          status: 400,
          body: {
            error: {
              code: 'validation_failed',
              message: 'Some values are not valid.',
              details: { errors: [{ id: 'new:template', member: 'templateDocument', message: refusal }] },
            },
          },
        };
      if (made) {
        const typeId = made.relationships.templateForType!.set[0]!;
        templates = [
          ...templates,
          {
            id: 72,
            name: made.fields.name,
            typeId,
            typeName: types.find((t) => t.id === typeId)!.name,
            documentId: made.relationships.templateDocument!.set[0]!,
            documentName: 'Quote.docx',
            canModify: true,
            canDelete: true,
          },
        ];
      }
      templates = templates.filter((t) => !put.deleted.includes(t.id));
      return {
        status: 200,
        body: { ids: made ? { 'new:template': 72 } : {}, versions: [], deleted: put.deleted },
      };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  });
}

function renderPage(refusal?: string) {
  const { api, requests } = server(refusal);
  const uploads: File[] = [];
  const upload = async (file: File) => {
    uploads.push(file);
    return { id: 501 };
  };
  render(
    <SessionProvider client={api}>
      <DocumentTemplatesPage upload={upload} />
      <ToastRegions />
    </SessionProvider>,
  );
  return { requests, uploads };
}

const docxFile = (name: string) =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });

/** Fills the New template dialog: name, Object and file. */
async function fillDialog(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  object: string,
  file: File,
) {
  await user.click(screen.getByRole('button', { name: 'New template' }));
  const dialog = await screen.findByRole('dialog', { name: 'New document template' });
  await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), name);
  await user.click(within(dialog).getByRole('button', { name: /Object/ }));
  await user.click(await screen.findByRole('option', { name: object }));
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, file);
  return dialog;
}

describe('the Document templates screen', () => {
  it('lists the templates with their Object and Word document', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    const row = within(table).getByText('Account summary').closest('tr')!;
    expect(within(row).getByText('Account')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Account summary.docx' })).toHaveAttribute(
      'href',
      '/spapi/data/v2/file/500',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Document templates' })).toBeInTheDocument();
  });

  it('uploads the .docx and creates the template for the chosen Object', async () => {
    const user = userEvent.setup();
    const { requests, uploads } = renderPage();
    await screen.findByRole('table');
    const dialog = await fillDialog(user, 'Quote', 'Opportunity', docxFile('Quote.docx'));
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New document template' })).toBeNull());
    expect(uploads.map((f) => f.name)).toEqual(['Quote.docx']);
    expect(requests.find((r) => r.path === '/spapi/data/v1/entity/put')?.body).toEqual({
      entities: [
        {
          id: 'new:template',
          typeId: 'core:documentTemplate',
          fields: { name: 'Quote' },
          relationships: { templateForType: { set: [40] }, templateDocument: { set: [501] } },
        },
      ],
      deleted: [],
    });
    expect(await screen.findByText('The template Quote was created.')).toBeInTheDocument();
    const row = (await within(screen.getByRole('table')).findByText('Quote')).closest('tr')!;
    expect(within(row).getByText('Opportunity')).toBeInTheDocument();
  });

  it('asks for a name, an Object and a .docx before calling the server', async () => {
    const user = userEvent.setup();
    const { requests, uploads } = renderPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New document template' });
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await within(dialog).findByText('A value is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the Object whose records it is for.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a Word document (.docx).')).toBeInTheDocument();
    expect(uploads).toEqual([]);
    expect(requests.some((r) => r.path === '/spapi/data/v1/entity/put')).toBe(false);
  });

  it("shows the server's refusal in the dialog and removes the upload it refused", async () => {
    const user = userEvent.setup();
    const refusal = "The template's file is not a Word document (.docx) that can be read.";
    const { requests } = renderPage(refusal);
    await screen.findByRole('table');
    const dialog = await fillDialog(user, 'Broken', 'Account', docxFile('Broken.docx'));
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    const puts = requests.filter((r) => r.path === '/spapi/data/v1/entity/put').map((r) => r.body);
    expect(puts[1]).toEqual({ entities: [], deleted: [501] });
  });

  it('deletes a template after asking', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete the template Account summary' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the template Account summary?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No document templates yet.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/spapi/data/v1/entity/put')?.body).toEqual({
      entities: [],
      deleted: [71],
    });
  });
});
