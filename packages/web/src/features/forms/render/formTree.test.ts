import { describe, expect, it } from 'vitest';
import { container, control, end, field } from './formFixtures';
import { buildFormTree, containerHelpText, controlHelpText, controlTitle, countContainers } from './formTree';
import { mobileFormTree } from './mobileForm';

const type = {
  fields: [
    field(1, 'Name', 'name', 'Text', 'string', { description: 'What it is called' }),
    field(2, 'Amount', 'amount', 'Currency', 'currency'),
    field(3, 'Close date', 'closeDate', 'Date', 'date'),
  ],
  relationships: [
    end(10, 'fwd', 'manyToOne', { to: 'Account', from: 'Opportunities', script: 'account' }),
    end(11, 'rev', 'manyToOne', { to: 'Opportunity', from: 'Activities', script: 'opportunity' }),
  ],
};

const ids = (nodes: ReturnType<typeof buildFormTree>): unknown[] =>
  nodes.map((n) => (n.kind === 'container' ? { [n.id]: ids(n.children) } : n.id));

describe('buildFormTree', () => {
  it('nests controls in their containers by renderingOrdinal, top level included', () => {
    const tree = buildFormTree(
      {
        controls: [
          control('amount', { field: 2 }, { containerId: 'details', renderingOrdinal: 70 }),
          control('name', { field: 1 }, { containerId: 'details', renderingOrdinal: 50 }),
          control('account', { rel: 10 }, { containerId: 'details', renderingOrdinal: 60 }),
          control('acts', { rel: 11, isReversed: true }, { containerId: 'tab1', renderingOrdinal: 50 }),
          control('close', { field: 3 }, { renderingOrdinal: 5 }),
        ],
        containers: [
          container('tabs', 'tabContainer', { renderingOrdinal: 20, name: 'Relationships' }),
          container('details', 'verticalStack', { renderingOrdinal: 10, name: 'Details' }),
          container('tab1', 'form', { containerId: 'tabs', name: 'Activities' }),
        ],
      },
      type,
    );
    expect(ids(tree)).toEqual([
      'close',
      { details: ['name', 'account', 'amount'] },
      { tabs: [{ tab1: ['acts'] }] },
    ]);
    expect(countContainers(tree)).toBe(3);
  });

  it('leaves out hidden controls and containers, and controls whose member the type lacks', () => {
    const tree = buildFormTree(
      {
        controls: [
          control('name', { field: 1 }, { containerId: 'box' }),
          control('gone', { field: 99 }),
          control('goneRel', { rel: 10, isReversed: true }),
          control('amount', { field: 2 }, { isHidden: true }),
          control('close', { field: 3 }),
        ],
        containers: [container('box', 'verticalStack', { isHidden: true })],
      },
      type,
      new Set(['close']),
    );
    expect(tree).toEqual([]);
  });

  it('resolves relationship ends by direction and marks those that reach many', () => {
    const [account, activities] = buildFormTree(
      { controls: [control('a', { rel: 10 }), control('b', { rel: 11, isReversed: true })], containers: [] },
      type,
    );
    expect(account).toMatchObject({ kind: 'relationship', title: 'Account', isToMany: false });
    expect(activities).toMatchObject({ kind: 'relationship', title: 'Activities', isToMany: true });
  });

  it('renders a tab whose name contains (expander) as an expander', () => {
    const [tabs] = buildFormTree(
      {
        controls: [control('name', { field: 1 }, { containerId: 'more' })],
        containers: [
          container('tabs', 'tabContainer'),
          container('more', 'form', { containerId: 'tabs', name: 'More (expander)' }),
        ],
      },
      type,
    );
    expect(tabs?.kind === 'container' && tabs.children[0]).toMatchObject({ isExpander: true });
  });
});

describe('control titles and help text', () => {
  it('uses the control name, else the field name, else the end name by direction', () => {
    const rel = { fromName: 'Opportunities', toName: 'Account', name: 'Opportunity account' };
    expect(controlTitle({ label: ' Deal ', isReversed: false }, { name: 'Name' }, undefined)).toBe('Deal');
    expect(controlTitle({ isReversed: false }, { name: 'Name' }, undefined)).toBe('Name');
    expect(controlTitle({ isReversed: false }, undefined, rel)).toBe('Account');
    expect(controlTitle({ isReversed: true }, undefined, rel)).toBe('Opportunities');
  });

  it('shows help text only when enabled and described, never for tabs', () => {
    expect(controlHelpText({ showControlHelpText: true }, 'Help')).toBe('Help');
    expect(controlHelpText({ showControlHelpText: true }, '  ')).toBeUndefined();
    expect(controlHelpText({}, 'Help')).toBeUndefined();
    const stack = { containerType: 'verticalStack' as const, description: 'About' };
    expect(containerHelpText(stack, false)).toBeUndefined();
    expect(containerHelpText({ ...stack, showControlHelpText: true }, false)).toBe('About');
    expect(
      containerHelpText({ ...stack, containerType: 'form', showControlHelpText: true }, true),
    ).toBeUndefined();
    expect(
      containerHelpText(
        { containerType: 'tabContainer', description: 'x', showControlHelpText: true },
        false,
      ),
    ).toBeUndefined();
  });
});

describe('mobileFormTree', () => {
  const form = {
    controls: [
      control('name', { field: 1 }, { containerId: 'row' }),
      control('amount', { field: 2 }, { containerId: 'row' }),
      control('acts', { rel: 11, isReversed: true }, { containerId: 'tab1' }),
      control('close', { field: 3 }, { containerId: 'tab2' }),
    ],
    containers: [
      container('row', 'horizontalStack', { renderingOrdinal: 1 }),
      container('tabs', 'tabContainer', { renderingOrdinal: 2 }),
      container('tab1', 'form', { containerId: 'tabs', name: 'Activities', renderingOrdinal: 1 }),
      container('tab2', 'form', { containerId: 'tabs', name: 'Dates', renderingOrdinal: 2 }),
      container('inner', 'verticalStack', { containerId: 'tab1', renderingOrdinal: 99 }),
    ],
  };

  it('flattens tabs, drops pager controls and the stacks they leave empty, and is always vertical', () => {
    const tree = mobileFormTree(buildFormTree(form, type));
    expect(ids(tree)).toEqual([{ row: ['name', 'amount'] }, { tab2: ['close'] }]);
    const types = tree.map((n) => n.kind === 'container' && n.containerType);
    expect(types).toEqual(['verticalStack', 'verticalStack']);
  });

  it('keeps a pager control that is explicitly shown', () => {
    const tree = mobileFormTree(buildFormTree(form, type), { shownPagerControls: new Set(['acts']) });
    expect(ids(tree)).toEqual([{ row: ['name', 'amount'] }, { tab1: ['acts'] }, { tab2: ['close'] }]);
  });

  it('stops after 10 passes and leaves the tree it was given unchanged', () => {
    // Eleven nested tab containers need eleven passes to flatten: the last stays.
    const nested = Array.from({ length: 11 }, (_, i) =>
      container(`t${i}`, 'tabContainer', i > 0 ? { containerId: `t${i - 1}` } : {}),
    );
    const deep = {
      controls: [control('name', { field: 1 }, { containerId: 't10' })],
      containers: nested,
    };
    const original = buildFormTree(deep, type);
    const before = JSON.stringify(original);
    const tree = mobileFormTree(original);
    expect(JSON.stringify(original)).toBe(before);
    expect(ids(tree)).toEqual([{ t10: ['name'] }]);
  });
});
