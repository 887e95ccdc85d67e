import { fullSpan } from '@plinth/schema';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { container, element, pageContent, renderPage } from './pageTestHarness';

const heading = (id: string, text: string) => ({
  id,
  typeAlias: 'core:headingComponent',
  properties: { text },
});

const cell = (id: string) => document.querySelector<HTMLElement>(`[data-element-id="${id}"]`)!;
const vars = (id: string, name: string) => cell(id).style.getPropertyValue(name);

describe('the flow layout', () => {
  it('lays the root grid out in 12, 8 and 4 columns with the page gaps and margins', () => {
    renderPage(pageContent([heading('title', 'Pipeline')]));
    const root = cell('root');
    expect(root).toHaveClass('pl-flow', 'pl-flow--grid', 'pl-flow--root');
    expect(root.parentElement).toHaveClass('pl-flow-page');
    expect(vars('root', '--pl-columns-lg')).toBe('repeat(12, minmax(0, 1fr))');
    expect(vars('root', '--pl-columns-md')).toBe('repeat(8, minmax(0, 1fr))');
    expect(vars('root', '--pl-columns-sm')).toBe('repeat(4, minmax(0, 1fr))');
    // Gaps md, md, sm (24, 24, 16 px); margins lg, lg, sm (32, 32, 16 px).
    expect([vars('root', '--pl-gap-lg'), vars('root', '--pl-gap-md'), vars('root', '--pl-gap-sm')]).toEqual([
      '24px',
      '24px',
      '16px',
    ]);
    expect(vars('root', '--pl-padding-lg')).toBe('32px');
    expect(vars('root', '--pl-padding-sm')).toBe('16px');
    expect(screen.getByRole('heading', { name: 'Pipeline' })).toBeInTheDocument();
  });

  it('spans each component per breakpoint: its own span, half the row at md, the whole row at sm', () => {
    const layout = [
      element('a', { styles: { lg: { columnSpan: 3 } } }),
      element('b', {
        styles: { lg: { columnSpan: 6, rowSpan: 2 }, md: { columnSpan: fullSpan }, sm: { columnSpan: 2 } },
      }),
      element('c', { styles: { lg: { columnSpan: fullSpan } } }),
    ];
    renderPage(pageContent([heading('a', 'A'), heading('b', 'B'), heading('c', 'C')], layout));
    expect([vars('a', '--pl-column-lg'), vars('a', '--pl-column-md'), vars('a', '--pl-column-sm')]).toEqual([
      'auto / span 3',
      'auto / span 4',
      'auto / span 4',
    ]);
    expect([vars('b', '--pl-column-lg'), vars('b', '--pl-column-md'), vars('b', '--pl-column-sm')]).toEqual([
      'auto / span 6',
      'auto / span 8',
      'auto / span 2',
    ]);
    expect(vars('b', '--pl-row-lg')).toBe('auto / span 2');
    expect(vars('c', '--pl-column-lg')).toBe('auto / span 12');
    expect(cell('a')).toHaveClass('pl-flow--component', 'pl-flow--in-grid');
  });

  it('hides an element at the breakpoints its style hides it, and shows compact components compact', () => {
    const layout = [
      element('a', { styles: { sm: { hidden: true } } }),
      element('b', { styles: { lg: { hidden: true }, md: { hidden: false } } }),
    ];
    const content = pageContent(
      [
        { ...heading('a', 'A'), style: { width: { lg: 'compact' }, visibleOnDevice: { md: false } } },
        heading('b', 'B'),
      ],
      layout,
    );
    renderPage(content);
    expect(cell('a')).toHaveClass('pl-flow--hidden-sm', 'pl-flow--hidden-md', 'pl-flow--compact-lg');
    expect(cell('a')).not.toHaveClass('pl-flow--hidden-lg');
    expect(cell('b')).toHaveClass('pl-flow--hidden-lg');
    expect(cell('b')).not.toHaveClass('pl-flow--hidden-md', 'pl-flow--hidden-sm');
  });

  it('draws containers with their direction, alignment, size, background and aspect ratio', () => {
    const layout = [
      container('box', [element('a'), element('b')], {
        styles: {
          lg: {
            flexDirection: 'row',
            justifyContent: 'between',
            alignItems: 'center',
            background: 'card',
            containerWidth: 'fit',
            aspectRatio: '16:9',
            gap: 'lg',
          },
          sm: { flexDirection: 'column' },
        },
      }),
    ];
    renderPage(pageContent([heading('a', 'A'), heading('b', 'B')], layout));
    expect(cell('box')).toHaveClass(
      'pl-flow--container',
      'pl-flow--card-lg',
      'pl-flow--card-sm',
      'pl-flow--w-fit-lg',
    );
    expect(vars('box', '--pl-direction-lg')).toBe('row');
    expect(vars('box', '--pl-direction-md')).toBe('row');
    expect(vars('box', '--pl-direction-sm')).toBe('column');
    expect(vars('box', '--pl-justify-lg')).toBe('space-between');
    expect(vars('box', '--pl-align-items-lg')).toBe('center');
    expect(vars('box', '--pl-gap-lg')).toBe('32px');
    expect(vars('box', '--pl-ratio-lg')).toBe('16 / 9');
    // A card without its own padding gets a small one.
    expect(vars('box', '--pl-padding-lg')).toBe('16px 16px');
    expect(cell('a')).toHaveClass('pl-flow--in-container');
  });

  it('shows the placeholder of an unconfigured component, and survives an unknown one', () => {
    renderPage(
      pageContent([
        { id: 'chart', typeAlias: 'core:chartComponent', properties: {} },
        { id: 'odd', typeAlias: 'acme:unknown', properties: {} },
        { id: 'heading', typeAlias: 'core:headingComponent', properties: { text: '  ' } },
      ]),
    );
    expect(screen.getByText('Chart not configured')).toBeInTheDocument();
    expect(screen.getByText('Heading not configured')).toBeInTheDocument();
    expect(screen.getByText('This component is not available')).toBeInTheDocument();
  });
});
