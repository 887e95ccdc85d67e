import { toast } from '@plinth/ui';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../api/apiClient';
import { SessionProvider } from '../../auth/public';
import { container, control, end, field } from '../render/formFixtures';
import { RecordForm } from './RecordForm';
import { RecordFormModal } from './RecordFormModal';
import { correctErrorsMessage, staleRecordMessage } from './useRecordForm';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };

const opportunity = {
  type: {
    id: 40,
    name: 'Opportunity',
    scriptName: 'opportunity',
    isAbstract: false,
    isChoiceType: false,
    isSystem: false,
  },
  ancestors: [],
  fields: [
    field(1, 'Name', 'name', 'Text', 'string', { column: 'name' }),
    field(2, 'Amount', 'amount', 'Currency', 'currency', { isRequired: true }),
    field(3, 'Close Date', 'closeDate', 'Date', 'date', { defaultValue: 'TODAY' }),
    field(4, 'Probability', 'probability', 'Number', 'int', { minInt: 0, maxInt: 100 }),
    field(5, 'Won', 'won', 'Boolean', 'bool'),
    field(6, 'Reference', 'reference', 'AutoNumber', 'autoNumber', { autoNumberDisplayPattern: 'OPP-{0}' }),
    field(7, 'Next Step', 'nextStep', 'MultilineText', 'string'),
  ],
  relationships: [
    end(
      10,
      'fwd',
      'manyToOne',
      { to: 'Stage', from: 'Opportunities', script: 'stage' },
      { relType: 'choiceField' },
    ),
    end(
      11,
      'rev',
      'manyToOne',
      { to: 'Opportunity', from: 'Activities', script: 'opportunity' },
      { fromTypeId: 42, toTypeId: 40 },
    ),
  ],
  derivedTypes: [],
  canCreateType: true,
};

const form = {
  id: 500,
  name: 'Opportunity',
  typeId: 40,
  changeMarker: 'f500.v1.m1',
  controls: [
    control('name', { field: 1 }, { containerId: 'details', renderingOrdinal: 50 }),
    control('amount', { field: 2 }, { containerId: 'details', renderingOrdinal: 60 }),
    control('close', { field: 3 }, { containerId: 'details', renderingOrdinal: 70 }),
    control('prob', { field: 4 }, { containerId: 'details', renderingOrdinal: 80 }),
    control('won', { field: 5 }, { containerId: 'details', renderingOrdinal: 90 }),
    control('ref', { field: 6 }, { containerId: 'details', renderingOrdinal: 100 }),
    control('next', { field: 7 }, { containerId: 'details', renderingOrdinal: 110 }),
    control('stage', { rel: 10 }, { containerId: 'details', renderingOrdinal: 120 }),
    control('acts', { rel: 11, isReversed: true }, { containerId: 'tab', renderingOrdinal: 50 }),
  ],
  containers: [
    container('details', 'verticalStack', { name: 'Details', renderingOrdinal: 0 }),
    container('tabs', 'tabContainer', { name: 'Relationships', renderingOrdinal: 10 }),
    container('tab', 'form', { name: 'Activities', containerId: 'tabs', renderingOrdinal: 20 }),
  ],
};

const stored = () => ({
  id: 7,
  typeId: 40,
  alias: null,
  name: 'Big deal',
  version: 3,
  canModify: true,
  canDelete: true,
  amount: 1234.5,
  closeDate: '2026-09-18',
  probability: 40,
  won: false,
  reference: 12,
  nextStep: 'Call them',
  stage: { id: 20, typeId: 41, alias: null, name: 'Proposal' },
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
  ifMatch: string | undefined;
}

type Answer = { status: number; body: unknown };

/** A server for the form calls, recording what is sent; `patch` and `put` answer saves. */
function server(
  options: {
    patch?: (body: unknown) => Answer;
    put?: (body: unknown) => Answer;
    validate?: (body: unknown) => Answer;
    /** The to-many lists' read fails. */
    failLists?: boolean;
  } = {},
) {
  const sent: Sent[] = [];
  let record = stored();
  const handle = (method: string, path: string, body: unknown): Answer => {
    if (path === '/auth/me') return { status: 200, body: me };
    if (/^\/spapi\/data\/v1\/instance\/\d+$/.test(path) || path === '/spapi/data/v1/type/40/defaultForm')
      return { status: 200, body: form };
    if (path === '/spapi/data/v1/schema/type/40') return { status: 200, body: opportunity };
    if (path === '/spapi/data/v1/schema/type/42')
      return {
        status: 200,
        body: { ...opportunity, type: { ...opportunity.type, id: 42, name: 'Activity' } },
      };
    // The Activities relationship table's display report.
    if (path === '/spapi/data/v1/report/type/42/display')
      return {
        status: 200,
        body: {
          meta: {
            title: 'Activities',
            rootTypeId: 42,
            rcols: { c1: { title: 'Name', type: 'String', ord: 0, hide: false, entityname: true } },
            sort: [],
            anlcols: {},
          },
          gdata: [{ eid: 80, values: [{ val: 'Demo with Veda' }] }],
          pageSize: 7,
          lrt: '',
        },
      };
    if (path === '/spapi/data/v1/schema/type/41/enumValues')
      return {
        status: 200,
        body: {
          values: [
            { id: 20, name: 'Proposal', order: 1, colour: null, iconImageId: null, isRetired: false },
            { id: 21, name: 'Closed Won', order: 2, colour: null, iconImageId: null, isRetired: false },
          ],
        },
      };
    if (path === '/spapi/data/v1/form/data') {
      const { typeId, entityId } = body as { typeId?: unknown; entityId?: number };
      const isNew = typeId !== undefined;
      const entity = isNew
        ? {
            id: 0,
            typeId: 40,
            alias: null,
            name: null,
            version: 0,
            canModify: true,
            canDelete: false,
            amount: null,
            closeDate: null,
            probability: null,
            won: null,
            reference: null,
            nextStep: null,
            stage: null,
          }
        : { ...record, id: entityId ?? 7 };
      return {
        status: 200,
        body: {
          formDataEntity: entity,
          formId: 500,
          initiallyHiddenControls: [],
          initiallyReadOnlyControls: ['ref'],
        },
      };
    }
    if (path === '/spapi/data/v1/form/evalCalcFieldsForNew')
      return {
        status: 200,
        body: {
          formDataEntity: {
            id: 0,
            typeId: 40,
            alias: null,
            name: null,
            version: 0,
            canModify: true,
            canDelete: false,
            closeDate: '2026-11-28',
          },
          failed: {},
        },
      };
    if (path === '/spapi/data/v1/entity/query' && options.failLists)
      return { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } };
    if (path === '/spapi/data/v1/entity/query')
      return {
        status: 200,
        body: {
          entities: [
            { ...record, opportunityOf: [{ id: 80, typeId: 42, alias: null, name: 'Demo with Veda' }] },
          ],
        },
      };
    if (path === '/spapi/data/v1/entity/7' && method === 'PATCH') {
      const answer = options.patch?.(body) ?? { status: 200, body: { id: 7, version: 4 } };
      if (answer.status === 200) record = { ...record, ...(body as { fields: object }).fields, version: 4 };
      return answer;
    }
    if (path === '/spapi/data/v1/form/validate')
      return options.validate?.(body) ?? { status: 200, body: { isValid: true, errors: {} } };
    if (path === '/spapi/data/v1/entity/put')
      return (
        options.put?.(body) ?? {
          status: 200,
          body: { ids: { 'new:record': 99 }, versions: [{ id: 99, version: 1 }], deleted: [] },
        }
      );
    return { status: 404, body: { error: { code: 'not_found', message: `No ${method} ${path}` } } };
  };
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    sent.push({ method, path: String(url), body, ifMatch: headers['if-match'] });
    const answer = handle(method, String(url), body);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  };
  return { client: new ApiClient({ fetch: fetch as typeof globalThis.fetch }), sent };
}

function renderForm(ui: React.ReactElement, client: ApiClient) {
  const user = userEvent.setup();
  render(
    <StrictMode>
      <SessionProvider client={client}>{ui}</SessionProvider>
    </StrictMode>,
  );
  return user;
}

const saves = (sent: Sent[]) => sent.filter((s) => s.method === 'PATCH' || s.path.endsWith('/entity/put'));

beforeEach(() => localStorage.clear());

describe('RecordForm in view mode', () => {
  it('shows the record’s values by field kind, the to-many end as a table, and no save button', async () => {
    const { client } = server();
    renderForm(<RecordForm mode="view" entityId={7} />, client);
    expect(await screen.findByRole('heading', { name: 'View Big deal' })).toBeInTheDocument();
    const value = (name: string) => screen.getByRole('group', { name });
    expect(value('Amount')).toHaveTextContent('$1,234.50');
    expect(value('Probability')).toHaveTextContent('40');
    expect(value('Won')).toHaveTextContent('No');
    expect(value('Reference')).toHaveTextContent('OPP-12');
    expect(value('Stage')).toHaveTextContent('Proposal');
    expect(value('Next Step')).toHaveTextContent('Call them');
    expect(screen.getByRole('tab', { name: 'Activities' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(value('Activities')).findByText('Demo with Veda')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });
});

describe('RecordForm on a phone', () => {
  it('is simplified: no tabs, the relationship list (a pager control) removed', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      const { client } = server();
      renderForm(<RecordForm mode="view" entityId={7} />, client);
      expect(await screen.findByRole('group', { name: 'Amount' })).toHaveTextContent('$1,234.50');
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Activities' })).not.toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Details' })).toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });
});

describe('RecordForm in edit mode', () => {
  it('saves only the changed field, with the version read as If-Match', async () => {
    const { client, sent } = server();
    const onSaved = vi.fn();
    const user = renderForm(<RecordForm mode="edit" entityId={7} onSaved={onSaved} />, client);
    const probability = await screen.findByRole('textbox', { name: 'Probability' });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Big deal');
    await user.clear(probability);
    await user.type(probability, '60');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7, 'edit'));
    const [save] = saves(sent);
    expect(save).toMatchObject({ method: 'PATCH', path: '/spapi/data/v1/entity/7', ifMatch: '"3"' });
    expect(save?.body).toEqual({ fields: { probability: 60 } });
  });

  it('writes nothing and says so when Update is pressed with nothing changed', async () => {
    const { client, sent } = server();
    const onSaved = vi.fn();
    const info = vi.spyOn(toast, 'info');
    const user = renderForm(<RecordForm mode="edit" entityId={7} onSaved={onSaved} />, client);
    await screen.findByRole('textbox', { name: 'Probability' });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(info).toHaveBeenCalledWith('There are no changes to save.'));
    info.mockRestore();
    expect(saves(sent)).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('keeps a to-many end it could not read read-only, so a save cannot replace links nobody was shown', async () => {
    const { client } = server({ failLists: true });
    renderForm(<RecordForm mode="edit" entityId={7} />, client);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Big deal');
    const activities = await screen.findByRole('group', { name: 'Activities' });
    expect(within(activities).queryByRole('button', { name: 'Add existing' })).not.toBeInTheDocument();
    const { client: readable } = server();
    cleanup();
    renderForm(<RecordForm mode="edit" entityId={7} />, readable);
    const shown = await screen.findByRole('group', { name: 'Activities' });
    expect(await within(shown).findByRole('button', { name: 'Add existing' })).toBeInTheDocument();
  });

  it('refuses a stale save with a message offering to reload, keeping the edits until the user chooses', async () => {
    const { client, sent } = server({
      patch: () => ({
        status: 412,
        body: { error: { code: 'precondition_failed', message: "'Big deal' was changed by someone else." } },
      }),
    });
    const user = renderForm(<RecordForm mode="edit" entityId={7} />, client);
    const probability = await screen.findByRole('textbox', { name: 'Probability' });
    await user.clear(probability);
    await user.type(probability, '65');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(staleRecordMessage);
    expect(probability).toHaveValue('65');

    await user.click(within(alert).getByRole('button', { name: 'Keep my changes' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Probability' })).toHaveValue('65');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Probability' })).toHaveValue('40'));
    expect(saves(sent)).toHaveLength(2);
  });

  it('checks values before saving with spec 03 §5’s messages under the fields, and shows the server’s refusals', async () => {
    const { client, sent } = server({
      patch: () => ({
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Some values are not valid.',
            details: { errors: [{ id: 7, member: 'nextStep', message: 'Invalid format. One line only.' }] },
          },
        },
      }),
    });
    const user = renderForm(<RecordForm mode="edit" entityId={7} />, client);
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const amountField = amount.closest('.pl-field') as HTMLElement;
    expect(await within(amountField).findByText('A value is required.')).toBeInTheDocument();
    expect(screen.getByText(correctErrorsMessage)).toBeInTheDocument();
    expect(saves(sent)).toHaveLength(0);

    await user.type(amount, '2000');
    await user.tab();
    const next = screen.getByRole('textbox', { name: 'Next Step' });
    await user.type(next, ' soon');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const nextField = next.closest('.pl-field') as HTMLElement;
    expect(await within(nextField).findByText('Invalid format. One line only.')).toBeInTheDocument();
    expect(saves(sent)[0]?.body).toEqual({ fields: { amount: 2000, nextStep: 'Call them soon' } });
  });
});

describe('RecordForm custom validation', () => {
  it('asks the server to check the form first and shows its refusals under the controls', async () => {
    const custom = 'A won opportunity needs an amount of at least 1,000.';
    const { client, sent } = server({
      validate: () => ({ status: 200, body: { isValid: false, errors: { amount: [custom] } } }),
    });
    const user = renderForm(<RecordForm mode="edit" entityId={7} />, client);
    const won = await screen.findByRole('switch', { name: 'Won' });
    await user.click(won);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const amountField = screen.getByRole('textbox', { name: /Amount/ }).closest('.pl-field') as HTMLElement;
    expect(await within(amountField).findByText(custom)).toBeInTheDocument();
    const check = sent.find((s) => s.path.endsWith('/form/validate'));
    expect(check?.body).toMatchObject({
      formId: 500,
      formData: { id: 7, fields: { won: true } },
      changedFields: ['won'],
    });
    expect(saves(sent)).toHaveLength(0);
  });
});

describe('RecordForm in new mode', () => {
  it('starts with the defaults and calculated values, creates the record and takes its new id', async () => {
    const { client, sent } = server();
    const onSaved = vi.fn();
    const user = renderForm(<RecordForm mode="new" typeId={40} onSaved={onSaved} />, client);
    expect(await screen.findByRole('heading', { name: 'New Opportunity' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Activities' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Fresh deal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A value is required.')).toBeInTheDocument();
    expect(saves(sent)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '500');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(99, 'new'));
    const [put] = saves(sent);
    expect(put?.body).toEqual({
      entities: [
        {
          id: 'new:record',
          typeId: 40,
          fields: { name: 'Fresh deal', amount: 500, closeDate: '2026-11-28' },
        },
      ],
      deleted: [],
    });
    // The record is then read as itself, under its new id.
    await waitFor(() =>
      expect(
        sent.some((s) => s.path.endsWith('/form/data') && (s.body as { entityId?: number }).entityId === 99),
      ).toBe(true),
    );
  });
});

describe('RecordFormModal', () => {
  it('is titled by mode, saves with Update, and asks before closing with unsaved changes', async () => {
    const { client } = server();
    const onClose = vi.fn();
    const user = renderForm(<RecordFormModal mode="edit" entityId={7} isOpen onClose={onClose} />, client);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Big deal' });
    const probability = await within(dialog).findByRole('textbox', { name: 'Probability' });
    await user.clear(probability);
    await user.type(probability, '70');
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(question).toHaveTextContent('There are unsaved changes, are you sure you wish to leave the page?');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
