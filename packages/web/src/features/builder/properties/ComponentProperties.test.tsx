import { replaceEditorText } from '@plinth/expression-editor/testing';
import { findComponent, findElement } from '@plinth/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPanel, testPage } from './panelTestHarness';

describe("a component's Id and Name", () => {
  it("shows spec 01 §5's messages under the Id as it is typed, and applies a good id on leaving it", async () => {
    const { user, latest, changes } = renderPanel('amount');
    const id = screen.getByRole('textbox', { name: 'Id' });
    await user.clear(id);
    await user.type(id, 'sales');
    expect(screen.getByText('Another component already has this Id.')).toBeInTheDocument();
    await user.type(id, ' total');
    expect(screen.getByText('Invalid format. The value must not contain spaces.')).toBeInTheDocument();
    await user.tab();
    // Nothing refused was applied, and the box says so and shows the id the component keeps.
    expect(changes).toEqual([]);
    expect(id).toHaveValue('amount');
    expect(
      screen.getByText("'sales total' was not kept: Invalid format. The value must not contain spaces."),
    ).toBeInTheDocument();
    await user.clear(id);
    await user.type(id, 'dealAmount');
    expect(screen.queryByText(/Invalid format|Another component/)).toBeNull();
    await user.tab();
    expect(findComponent(latest(), 'dealAmount')).toBeDefined();
    expect(findElement(latest(), 'dealAmount')?.type).toBe('component');
    expect(findElement(latest(), 'amount')).toBeUndefined();
    // The panel follows the component to its new id, and the focus stays where Tab put it.
    expect(screen.getByRole('textbox', { name: 'Id' })).toHaveValue('dealAmount');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('names the component and its layout element together, trimmed on leaving the box', async () => {
    const { user, latest } = renderPanel('amount');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Deal amount ');
    await user.tab();
    expect(findComponent(latest(), 'amount')?.name).toBe('Deal amount');
    expect(findElement(latest(), 'amount')?.name).toBe('Deal amount');
  });

  it('changes nothing when the Name box is only passed through', async () => {
    // The element has no name of its own: the box shows its component's name.
    const { user, changes } = renderPanel('amount');
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.tab();
    expect(changes).toEqual([]);
  });

  it('asks the builder to delete it', async () => {
    const { user, deleted } = renderPanel('amount');
    await user.click(screen.getByRole('button', { name: 'Delete component' }));
    expect(deleted).toEqual(['amount']);
  });
});

describe('a bound component', () => {
  it('sets its label, help text and mandatory flag, refusing a label over 200 characters', async () => {
    const { user, latest } = renderPanel('amount');
    await user.type(screen.getByRole('textbox', { name: 'Label' }), 'Deal value');
    await user.type(screen.getByRole('textbox', { name: 'Help text' }), 'In dollars');
    await user.click(screen.getByRole('checkbox', { name: 'Mandatory' }));
    const amount = findComponent(latest(), 'amount')!;
    expect(amount.properties).toEqual({
      fieldPageComponentLabel: 'Deal value',
      fieldPageComponentHelpText: 'In dollars',
    });
    expect(amount.style).toEqual({ mandatory: true });
    const label = screen.getByRole('textbox', { name: 'Label' });
    await user.click(label);
    await user.paste('x'.repeat(200));
    expect(
      screen.getByText('The value is too long; the maximum length is 200 characters.'),
    ).toBeInTheDocument();
    expect(findComponent(latest(), 'amount')?.properties.fieldPageComponentLabel).toBe('Deal value');
  });

  it('sets its width and visibility per device size (fill and visible by default)', async () => {
    const { user, latest, choose } = renderPanel('amount');
    expect(screen.getByRole('button', { name: /Fill.*Width on mobile$/ })).toBeInTheDocument();
    await choose('Width on mobile', 'Compact');
    const tablet = screen.getByRole('checkbox', { name: 'Visible on tablet' });
    expect(tablet).toBeChecked();
    await user.click(tablet);
    expect(findComponent(latest(), 'amount')?.style).toEqual({
      width: { sm: 'compact' },
      visibleOnDevice: { md: false },
    });
  });

  it('is read-only when an expression holds', async () => {
    const { latest, choose } = renderPanel('amount');
    await choose('Read-only', 'Read-only except when');
    await screen.findByRole('textbox', { name: 'Read-only expression' });
    replaceEditorText("[Region] = 'South'", 'Read-only expression');
    await waitFor(() =>
      expect(findElement(latest(), 'amount')?.behavior).toEqual({
        visibilityOperator: 'none',
        readOnlyOperator: 'readOnlyExcept',
        readOnly: "[Region] = 'South'",
      }),
    );
  });

  it('has a custom validation: its expression, error message and always-validate flag', async () => {
    const { user, latest } = renderPanel('amount');
    await screen.findByRole('textbox', { name: 'Validation expression' });
    replaceEditorText('[Region] <> "East"', 'Validation expression');
    await user.type(screen.getByRole('textbox', { name: 'Error message' }), 'Not in the East.');
    await user.click(screen.getByRole('checkbox', { name: 'Always validate' }));
    expect(findComponent(latest(), 'amount')?.customValidation).toEqual({
      expression: '[Region] <> "East"',
      errorMessage: 'Not in the East.',
      alwaysValidate: true,
    });
  });

  it('has named data sources of an expression or a page variable, added and removed', async () => {
    const { user, latest } = renderPanel('amount');
    await user.click(screen.getByRole('button', { name: 'Add data source' }));
    await user.click(screen.getByRole('button', { name: 'Add data source' }));
    const second = screen.getByRole('group', { name: 'Data source Source2' });
    await user.click(within(second).getByRole('button', { name: /Source type$/ }));
    await user.click(await screen.findByRole('option', { name: 'Variable' }));
    expect(findComponent(latest(), 'amount')?.dataSourceConfiguration).toEqual([
      { name: 'Source1', type: 'expression', expression: '' },
      { name: 'Source2', type: 'variable', variableName: 'Region' },
    ]);
    await screen.findByRole('textbox', { name: 'Source expression' });
    replaceEditorText('[Region]', 'Source expression');
    await waitFor(() =>
      expect(findComponent(latest(), 'amount')?.dataSourceConfiguration[0]).toEqual({
        name: 'Source1',
        type: 'expression',
        expression: '[Region]',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Source2' }));
    expect(findComponent(latest(), 'amount')?.dataSourceConfiguration).toHaveLength(1);
  });

  it("requires a data source's name, unique among the component's", async () => {
    const page = testPage();
    page.components[1] = {
      ...page.components[1]!,
      dataSourceConfiguration: [
        { name: 'Source1', type: 'expression', expression: '' },
        { name: 'Source2', type: 'variable', variableName: 'Region' },
      ],
    };
    const { user, latest } = renderPanel('amount', { content: page });
    const group = screen.getByRole('group', { name: 'Data source Source1' });
    const name = within(group).getByRole('textbox', { name: 'Source name' });
    await user.clear(name);
    expect(screen.getByText('A value is required.')).toBeInTheDocument();
    await user.type(name, 'source2');
    expect(screen.getByText('Another data source already has this name.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Total');
    expect(findComponent(latest(), 'amount')?.dataSourceConfiguration.map((e) => e.name)).toEqual([
      'Total',
      'Source2',
    ]);
  });
});

describe("a bound component's display of its kind", () => {
  it('shows a relationship as a table or inline, with its rows a page and records in a modal', async () => {
    const { user, latest, choose } = renderPanel('contacts');
    // A relationship has no calculation to show on a new record; field kinds do.
    expect(screen.queryByRole('checkbox', { name: 'Show the calculation on a new record' })).toBeNull();
    await choose('Display as', 'Inline');
    const rows = screen.getByRole('textbox', { name: 'Rows per page' });
    expect(rows).toHaveValue('6');
    await user.clear(rows);
    await user.type(rows, '0');
    expect(
      screen.getByText('The value is out of range; the value must be between 1 and 100 inclusive'),
    ).toBeInTheDocument();
    await user.clear(rows);
    await user.type(rows, '10');
    await user.click(screen.getByRole('checkbox', { name: 'Open records in a modal' }));
    expect(findComponent(latest(), 'contacts')?.style).toEqual({
      displayAs: 'inline',
      rowsPerPage: 10,
      openRecordsInModal: true,
    });
  });
});

describe('a list-page component', () => {
  it("edits a heading's text and level, checked by its type's schema", async () => {
    const { user, latest, choose } = renderPanel('heading');
    const text = screen.getByRole('textbox', { name: 'Heading text' });
    expect(text).toHaveValue('Deals');
    await user.type(text, ' won');
    await choose('Heading level', 'Level 3');
    expect(findComponent(latest(), 'heading')?.properties).toEqual({ text: 'Deals won', level: 3 });
    await user.click(text);
    await user.paste('x'.repeat(500));
    expect(
      screen.getByText('The value is too long; the maximum length is 500 characters.'),
    ).toBeInTheDocument();
    expect(findComponent(latest(), 'heading')?.properties.text).toBe('Deals won');
  });

  it("picks a report's report by its Object, and titles it", async () => {
    const { user, latest, choose } = renderPanel('sales');
    await choose('Report of', 'Opportunity');
    await choose('Report', 'Open deals');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Open deals this month');
    await user.type(screen.getByRole('textbox', { name: 'Rows per page' }), '0');
    expect(
      screen.getByText('The value is less than the minimum value; the minimum value is 1'),
    ).toBeInTheDocument();
    expect(findComponent(latest(), 'sales')?.properties).toEqual({
      reportId: 70,
      title: 'Open deals this month',
    });
  });

  it("sets a chart's type and aggregate", async () => {
    const { latest, choose } = renderPanel('chart');
    await choose('Chart type', 'Pie');
    await choose('Aggregate', 'Sum');
    expect(findComponent(latest(), 'chart')?.properties).toEqual({ chartType: 'pie', aggregate: 'Sum' });
    expect(screen.getByText('Category column: choose the report first.')).toBeInTheDocument();
    // List-page components have no field settings.
    expect(screen.queryByRole('checkbox', { name: 'Mandatory' })).toBeNull();
  });

  it("picks a chart's category and value columns from its report's columns", async () => {
    const { latest, choose } = renderPanel('chart');
    await choose('Report of', 'Opportunity');
    await choose('Report', 'Open deals');
    await choose('Category column', 'Stage');
    await choose('Value column', 'Amount');
    expect(findComponent(latest(), 'chart')?.properties).toEqual({
      reportId: 70,
      categoryColumnId: 'c2',
      valueColumnId: 'c3',
    });
    await choose('Value column', 'None');
    expect(findComponent(latest(), 'chart')?.properties).toEqual({ reportId: 70, categoryColumnId: 'c2' });
  });

  it("shows an image component's uploaded file and removes it, leaving the URL to show", async () => {
    const page = testPage();
    const content = {
      ...page,
      components: page.components.map((c) =>
        c.id === 'heading'
          ? {
              ...c,
              name: 'Logo',
              typeAlias: 'core:imageComponent',
              properties: { documentId: 42, url: '/logo.png' },
            }
          : c,
      ),
    };
    const { user, latest } = renderPanel('heading', { content });
    const file = screen.getByRole('group', { name: 'Image file' });
    expect(within(file).getByRole('img', { name: 'The current image file' })).toBeInTheDocument();
    expect(within(file).getByRole('button', { name: 'Replace image' })).toBeInTheDocument();
    await user.click(within(file).getByRole('button', { name: 'Remove image' }));
    expect(findComponent(latest(), 'heading')?.properties).toEqual({ url: '/logo.png' });
    expect(within(file).getByText('No image')).toBeInTheDocument();
    expect(within(file).getByRole('button', { name: 'Upload image' })).toBeInTheDocument();
  });
});
