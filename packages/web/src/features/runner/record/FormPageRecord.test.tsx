import { pageComponent, type RunnerPageResponse } from '@plinth/schema';
import { toast } from '@plinth/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { SessionProvider } from '../../auth/public';
import { boundComponent, opportunityServer, opportunityType } from '../../forms/bound/boundPageHarness';
import { pageContent, testContext, testMe, testSettings } from '../../pages/pageTestHarness';
import { FormPageRecord, isFormPage } from './FormPageRecord';

const formPage: RunnerPageResponse = {
  app: testContext.app,
  page: { ...testContext.page, type: 'singleRecordEdit', contextEntityTypeId: 40 },
  versionKind: 'published',
  versionId: 9,
  content: pageContent([boundComponent('text'), boundComponent('number')]),
};

function openRecord(mode: 'edit' | 'view') {
  const saves: Array<{ method: string; path: string; body: unknown }> = [];
  const server = opportunityServer({
    onSave: (method, path, body) => {
      saves.push({ method, path, body });
      return method === 'PATCH' ? { status: 200, body: { id: 7, version: 4 } } : undefined;
    },
  });
  const { api } = fakeApi((path, body, method) => {
    if (path === '/auth/me') return { status: 200, body: testMe };
    if (path === '/spapi/data/v1/tenantSettings') return { status: 200, body: testSettings };
    return server(path, body, method);
  });
  const saved: Array<[number, string]> = [];
  render(
    <SessionProvider client={api}>
      <FormPageRecord
        page={formPage}
        type={opportunityType}
        mode={mode}
        record={{ id: 7, name: 'Big deal' }}
        onDirtyChange={() => {}}
        onSaved={(id, how) => saved.push([id, how])}
      />
    </SessionProvider>,
  );
  return { saves, saved };
}

describe('a record route on a form page', () => {
  it('is chosen only for a record page with bound components', () => {
    expect(isFormPage(formPage)).toBe(true);
    const heading = pageComponent.parse({ id: 'h', typeAlias: 'core:headingComponent' });
    expect(isFormPage({ ...formPage, content: { ...formPage.content, components: [heading] } })).toBe(false);
    expect(isFormPage(null)).toBe(false);
  });

  it('edits the record: Update saves the changed field against the version read', async () => {
    const { saves, saved } = openRecord('edit');
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    const title = await screen.findByRole('textbox', { name: /Title/ }, { timeout: 15_000 });
    await waitFor(() => expect(update).toBeEnabled(), { timeout: 15_000 });
    await userEvent.clear(title);
    await userEvent.type(title, 'Bigger deal');
    expect(await screen.findByRole('button', { name: 'Discard changes' })).toBeInTheDocument();
    await userEvent.click(update);
    await waitFor(() => expect(saved).toEqual([[7, 'edit']]));
    expect(saves).toContainEqual({
      method: 'PATCH',
      path: '/spapi/data/v1/entity/7',
      body: { fields: { title: 'Bigger deal' } },
    });
  });

  it('says there is nothing to save when Update finds nothing changed, and writes nothing', async () => {
    const info = vi.spyOn(toast, 'info');
    const success = vi.spyOn(toast, 'success');
    const { saves, saved } = openRecord('edit');
    const update = screen.getByRole('button', { name: 'Update' });
    await screen.findByRole('textbox', { name: /Title/ });
    await waitFor(() => expect(update).toBeEnabled());
    await userEvent.click(update);
    await waitFor(() => expect(info).toHaveBeenCalledWith('There are no changes to save.'));
    expect(success).not.toHaveBeenCalled();
    expect(saves).toEqual([]);
    expect(saved).toEqual([]);
    info.mockRestore();
    success.mockRestore();
  });

  it('shows the record read-only in view mode, with Edit to change it', async () => {
    openRecord('view');
    await screen.findByText('Big deal', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('textbox', { name: /Title/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('textbox', { name: /Title/ })).toHaveValue('Big deal');
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });
});
