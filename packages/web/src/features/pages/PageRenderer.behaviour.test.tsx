import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { PageMessage } from './pageBus';
import { container, element, pageContent, renderPage } from './pageTestHarness';

const heading = (id: string, text: string) => ({
  id,
  typeAlias: 'core:headingComponent',
  properties: { text },
});
const when = (visibility: string) => ({
  visibility,
  visibilityOperator: 'visibleWhen' as const,
  readOnlyOperator: 'none' as const,
});
const evalPath = '/spapi/data/v2/calcEngine/evalExpressions';
const result = (value: unknown, error: string | null = null) => ({
  value,
  resultType: 'Bool',
  isList: false,
  entityTypeId: null,
  error,
});

describe('visibility and read-only from expressions', () => {
  const content = pageContent(
    [
      heading('won', 'Won deals'),
      heading('lost', 'Lost deals'),
      heading('broken', 'Broken rule'),
      heading('plain', 'Always'),
    ],
    [
      container('box', [
        element('won', { behavior: when('[Stage] = "Won"') }),
        element('lost', { behavior: when('[Lost]') }),
      ]),
      element('broken', { behavior: when('[Nope]') }),
      element('plain'),
      container('empty', [element('lost2', { behavior: when('[Selected]') })]),
    ],
  );

  it('evaluates every rule in one call on the page record and shows what the results allow', async () => {
    const { requests } = renderPage(
      content,
      (path, body) => {
        if (path !== evalPath) return { status: 404, body: {} };
        const names = Object.keys((body as { expressions: Record<string, string> }).expressions);
        return {
          status: 200,
          body: Object.fromEntries(
            names.map((n) => [
              n,
              n === 'visibility:won'
                ? result(true)
                : n === 'visibility:broken'
                  ? result(null, 'Unknown field Nope')
                  : result(false),
            ]),
          ),
        };
      },
      { context: { record: { id: 77, typeId: 9, name: 'Acme deal' }, formMode: 'view' } },
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Lost deals' })).not.toBeInTheDocument(),
    );
    const calls = requests.filter((r) => r.path === evalPath);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      contextEntity: 77,
      expressions: {
        'visibility:won': '[Stage] = "Won"',
        'visibility:lost': '[Lost]',
        'visibility:broken': '[Nope]',
        'visibility:lost2': '[Selected]',
      },
    });
    expect(screen.getByRole('heading', { name: 'Won deals' })).toBeInTheDocument();
    // An expression error means visible.
    expect(screen.getByRole('heading', { name: 'Broken rule' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Always' })).toBeInTheDocument();
    // A container whose every child is hidden is hidden too.
    expect(document.querySelector('[data-element-id="empty"]')).toBeNull();
    expect(document.querySelector('[data-element-id="box"]')).not.toBeNull();
  });

  it('shows everything while the rules are evaluated and when the call fails', async () => {
    const { requests } = renderPage(content, () => ({
      status: 500,
      body: { error: { code: 'internal', message: 'Down.' } },
    }));
    expect(screen.getByRole('heading', { name: 'Lost deals' })).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.path === evalPath)).toBe(true));
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Lost deals' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Won deals' })).toBeInTheDocument();
  });

  it('sends a published variable the rules name, evaluates again when it changes, and tells the bus', async () => {
    let selected = false;
    const withVariable = pageContent(
      [heading('shown', 'Selection made')],
      [element('shown', { behavior: when('Count([Selected]) > 0') })],
    );
    withVariable.variables = [{ name: 'Selected', type: 'Entity', isList: true }];
    const { requests, bus } = renderPage(withVariable, (path) =>
      path === evalPath
        ? { status: 200, body: { 'visibility:shown': result(selected) } }
        : { status: 404, body: {} },
    );
    const seen: PageMessage[] = [];
    bus.subscribe((m) => seen.push(m));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Selection made' })).not.toBeInTheDocument(),
    );
    selected = true;
    act(() => bus.send({ type: 'VARIABLE_CHANGED', name: 'Selected', value: [5, 6] }));
    await screen.findByRole('heading', { name: 'Selection made' });
    const last = requests.filter((r) => r.path === evalPath).at(-1)!;
    expect((last.body as { params: unknown[] }).params).toEqual([
      { name: 'Selected', type: 'Entity', isList: true, entityIds: [5, 6] },
    ]);
    expect(seen.some((m) => m.type === 'VISIBILITY_CHANGED' && m.visible.shown === true)).toBe(true);
  });
});

describe('the page logic on the bus', () => {
  it('reports the page dirty while a component is; a save with nothing to save succeeds at once', () => {
    const { bus, dirty } = renderPage(pageContent([heading('a', 'A')]));
    const seen: PageMessage[] = [];
    bus.subscribe((m) => seen.push(m));
    act(() => bus.send({ type: 'DIRTY_CHANGED', componentId: 'a', isDirty: true }));
    expect(dirty).toEqual([true]);
    act(() => bus.send({ type: 'SAVE' }));
    expect(seen.map((m) => m.type)).toEqual(['DIRTY_CHANGED', 'SAVE', 'SAVE_SUCCEEDED']);
    expect(dirty).toEqual([true, false]);
  });

  it('broadcasts a change of form mode to the components', () => {
    const { bus, rerenderWith } = renderPage(pageContent([heading('a', 'A')]), undefined, {
      context: { formMode: 'view' },
    });
    const seen: PageMessage[] = [];
    bus.subscribe((m) => seen.push(m));
    rerenderWith({ formMode: 'edit' });
    expect(seen).toEqual([{ type: 'FORM_MODE_CHANGED', formMode: 'edit' }]);
  });
});
