import { multistepMessages } from '@plinth/schema';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { SessionProvider } from '../../auth/public';
import type { SavedEntity } from '../../pages/pageBus';
import { createPageBus } from '../../pages/pageBus';
import {
  container,
  element,
  pageContent,
  testContext,
  testMe,
  testSettings,
} from '../../pages/pageTestHarness';
import {
  boundComponent,
  opportunityServer,
  opportunityType,
  storedOpportunity,
} from '../bound/boundPageHarness';
import { MultistepFormPage } from './MultistepFormPage';

const formPage = { ...testContext.page, type: 'singleRecordMultistepEdit' as const, contextEntityTypeId: 40 };

type Call = { method: string; path: string; body: unknown };

/** Title and Employees (with a custom validation) in the first step, a mandatory Probability in the second. */
const stepsPage = (secondStep = [boundComponent('decimal', { style: { mandatory: true } })]) =>
  pageContent(
    [
      boundComponent('text'),
      boundComponent('number', {
        customValidation: {
          alwaysValidate: false,
          errorMessage: 'Too many.',
          expression: '[Employees] < 100',
        },
      }),
      ...secondStep,
    ],
    [
      container('deal', [element('c-text'), element('c-number')], { name: 'Deal' }),
      container(
        'more',
        secondStep.map((c) => element(c.id)),
        { name: 'Chances' },
      ),
    ],
  );

function openSteps(content = stepsPage()) {
  const calls: Call[] = [];
  let created: Record<string, unknown> | null = null;
  const server = opportunityServer({
    onSave: (method, path, body) => {
      calls.push({ method, path, body });
      if (path.endsWith('runCustomValidation')) return { status: 200, body: { errors: {} } };
      if (path.endsWith('/entity/put')) {
        const fields = (body as { entities: Array<{ fields: Record<string, unknown> }> }).entities[0]!.fields;
        created = { ...storedOpportunity, id: 90, version: 1, ...fields, probability: null, employees: null };
        return {
          status: 200,
          body: { ids: { 'new:record': 90 }, versions: [{ id: 90, version: 1 }], deleted: [] },
        };
      }
      if (method === 'PATCH') return { status: 200, body: { id: 90, version: 2 } };
      return undefined;
    },
  });
  const { api, requests } = fakeApi((path, body, method) => {
    if (path === '/auth/me') return { status: 200, body: testMe };
    if (path === '/spapi/data/v1/tenantSettings') return { status: 200, body: testSettings };
    // The created record read again after its first step.
    if (path === '/spapi/data/v1/form/data' && (body as { entityId?: number }).entityId === 90)
      return {
        status: 200,
        body: {
          formDataEntity: created,
          formId: null,
          initiallyHiddenControls: [],
          initiallyReadOnlyControls: [],
        },
      };
    return server(path, body, method);
  });
  const finished: SavedEntity[] = [];
  const bus = createPageBus();
  render(
    <SessionProvider client={api}>
      <MultistepFormPage
        content={content}
        context={{ ...testContext, page: formPage, record: null, formMode: 'new' }}
        bus={bus}
        type={opportunityType}
        onNavigate={() => {}}
        onFinished={(r) => finished.push(r)}
      />
    </SessionProvider>,
  );
  return { calls, requests, finished };
}

const sectionOf = (node: HTMLElement, id: string) => node.closest(`[data-element-id="${id}"]`);

describe('a multistep page', () => {
  it('shows one section at a time, checks it before Next, creates the record on leaving the first step and saves at the end', async () => {
    const { calls, finished } = openSteps();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    // Next waits for the record to be read: a check before it would find nothing to check.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    // The bound components load with the first form page: slow on a busy machine.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled(), {
      timeout: 15_000,
    });
    const title = await screen.findByRole('textbox', { name: /Title/ });
    const probability = await screen.findByRole('textbox', { name: /Probability/ });
    expect(sectionOf(probability, 'more')?.className).toMatch(/pl-flow--hidden-lg/);
    expect(sectionOf(title, 'deal')?.className).not.toMatch(/pl-flow--hidden/);

    // The first step's required Title stops Next; the second step's mandatory Probability says nothing yet.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('A value is required.')).toBeInTheDocument();
    expect(screen.getAllByText('A value is required.')).toHaveLength(1);
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/entity/put'))).toBe(false);

    await userEvent.type(title, 'Stepped deal');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
    // The custom validation ran for the first step only: the second step's components were excluded.
    const validation = calls.find((c) => c.path.endsWith('runCustomValidation'));
    expect(validation?.body).toMatchObject({ excludedComponents: expect.arrayContaining(['c-decimal']) });
    const put = calls.find((c) => c.path.endsWith('/entity/put'));
    expect(put?.body).toMatchObject({
      entities: [{ id: 'new:record', typeId: 40, fields: { title: 'Stepped deal' } }],
    });
    expect(sectionOf(title, 'deal')?.className).toMatch(/pl-flow--hidden-lg/);

    // Back and Next again: the record exists now, so nothing is created twice.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/entity/put'))).toHaveLength(1);

    // The last step's own rule, then its save: the stored record is changed with the version read.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A value is required.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: /Probability/ });
    await userEvent.type(field, '0.5');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(finished).toEqual([expect.objectContaining({ id: 90 })]));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/spapi/data/v1/entity/90',
      body: { fields: { probability: 0.5 } },
    });
  });

  it('shows the placement rules instead of a page that breaks them', async () => {
    const content = pageContent(
      [boundComponent('text'), boundComponent('relationship')],
      [container('deal', [element('c-text'), element('c-relationship')], { name: 'Deal' })],
    );
    openSteps(content);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(multistepMessages.firstSection);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
