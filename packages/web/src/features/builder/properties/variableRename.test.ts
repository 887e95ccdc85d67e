import { newPageContent, type PageVersionContent } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { renameVariableUses } from './variableRename';

function pageUsing(name: string, param = `@${name}`, bare = name): PageVersionContent {
  const content = newPageContent();
  const root = content.configuration.root;
  return {
    ...content,
    configuration: {
      ...content.configuration,
      root: {
        ...root,
        elements: [
          {
            id: 'box',
            type: 'container',
            isContainer: true,
            styles: {},
            elements: [],
            behavior: {
              visibility: `[${name}] = 'North'`,
              visibilityOperator: 'visibleWhen',
              readOnly: `${param} <> [Name]`,
              readOnlyOperator: 'readOnlyWhen',
            },
          },
        ],
      },
    },
    components: [
      {
        id: 'list',
        name: 'List',
        typeAlias: 'core:report',
        isPageComponentManaged: false,
        properties: {},
        style: {},
        dataSourceConfiguration: [
          { name: 'Area', type: 'variable', variableName: name },
          { name: 'Filter', type: 'expression', expression: `Upper(${bare})` },
          { name: 'Other', type: 'variable', variableName: 'PageInput' },
        ],
        customValidation: { alwaysValidate: false, errorMessage: 'x', expression: `[${name}] <> ''` },
      },
    ],
  } as PageVersionContent;
}

describe('renaming a variable on a page', () => {
  it('rewrites behaviours, custom validation and data sources, and leaves other names', () => {
    const renamed = renameVariableUses(pageUsing('Region'), 'Region', 'Sales area');
    expect(renamed).toEqual(pageUsing('Sales area', '@[Sales area]', '[Sales area]'));
  });

  it('matches a data source bound to the variable in any case', () => {
    const page = pageUsing('Region');
    const [entry] = page.components[0]!.dataSourceConfiguration;
    const lower = {
      ...page,
      components: [
        { ...page.components[0]!, dataSourceConfiguration: [{ ...entry!, variableName: 'region' }] },
      ],
    } as PageVersionContent;
    const renamed = renameVariableUses(lower, 'Region', 'Area');
    expect(renamed.components[0]?.dataSourceConfiguration[0]).toEqual({
      name: 'Area',
      type: 'variable',
      variableName: 'Area',
    });
  });

  it('returns the same page when the name is unchanged', () => {
    const page = pageUsing('Region');
    expect(renameVariableUses(page, 'Region', 'Region')).toBe(page);
  });
});
