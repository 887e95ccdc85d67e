import { describe, expect, it } from 'vitest';
import { readAppMenu } from './appMenu.js';
import {
  componentType,
  componentTypes,
  notConfiguredText,
  readComponentProperties,
} from './componentTypes.js';
import { pageTitle, pageVersionContent } from './pageDefinition.js';
import { defaultPageConfiguration, pageConfiguration, readPageConfiguration } from './pageLayout.js';

describe('page configuration', () => {
  it('a new page has the flow layout v1 with 12/8/4 columns, gaps md/md/sm and margins lg/lg/sm', () => {
    const config = defaultPageConfiguration();
    expect(pageConfiguration.parse(config)).toEqual(config);
    expect(config.root.styles).toEqual({ lg: { columns: 12 }, md: { columns: 8 }, sm: { columns: 4 } });
    expect([config.styles.lg.gap, config.styles.md.gap, config.styles.sm.gap]).toEqual(['md', 'md', 'sm']);
    expect([config.styles.lg.margin, config.styles.md.margin, config.styles.sm.margin]).toEqual([
      'lg',
      'lg',
      'sm',
    ]);
  });

  it('spans are 1 to 6 or Full (1000)', () => {
    const withSpan = (columnSpan: number) => {
      const config = defaultPageConfiguration();
      config.root.elements.push({
        id: 'a',
        type: 'component',
        isContainer: false,
        elements: [],
        styles: { lg: { columnSpan } as never },
      });
      return pageConfiguration.safeParse(config).success;
    };
    expect([1, 6, 1000].map(withSpan)).toEqual([true, true, true]);
    expect([0, 7, 12, 999].map(withSpan)).toEqual([false, false, false, false]);
  });

  it('an unparsable or malformed stored configuration falls back to the default', () => {
    expect(readPageConfiguration('{not json').fellBack).toBe(true);
    expect(readPageConfiguration({ layout: 'flow', version: 'v9' }).fellBack).toBe(true);
    const duplicate = defaultPageConfiguration();
    const c = { id: 'x', type: 'component' as const, isContainer: false, elements: [], styles: {} };
    duplicate.root.elements.push(c, { ...c });
    expect(readPageConfiguration(duplicate).fellBack).toBe(true);
    expect(readPageConfiguration(JSON.stringify(defaultPageConfiguration())).fellBack).toBe(false);
  });

  it('element ids must not contain spaces', () => {
    const config = defaultPageConfiguration();
    config.root.elements.push({ id: 'a b', type: 'component', isContainer: false, elements: [], styles: {} });
    const result = pageConfiguration.safeParse(config);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(
      'Invalid format. The value must not contain spaces.',
    );
  });
});

describe('app menu', () => {
  it('an unparsable menu falls back to an empty structure', () => {
    expect(readAppMenu('[').menu).toEqual({
      menuOrder: [],
      menuFolders: [],
      otherOrder: [],
      otherFolders: [],
    });
    expect(readAppMenu('[').fellBack).toBe(true);
    expect(readAppMenu(null).fellBack).toBe(false);
  });

  it('folder ids are never all digits (page ids are)', () => {
    expect(readAppMenu({ menuFolders: [{ id: '12', text: 'x' }] }).fellBack).toBe(true);
    expect(
      readAppMenu({ menuFolders: [{ id: 'f1', text: 'Sales' }], menuOrder: ['f1', '12'] }).menu.menuFolders[0]
        ?.childOrder,
    ).toEqual([]);
  });
});

describe('component types', () => {
  it('registers each list-page component once, with the spec placeholder', () => {
    const labels = componentTypes().map((t) => notConfiguredText(t));
    for (const text of ['Chart', 'Filter', 'Hero counter', 'Image', 'Heading', 'Text'])
      expect(labels).toContain(`${text} not configured`);
  });

  it('reads properties through the type, unconfigured when incomplete', () => {
    expect(readComponentProperties('core:chartComponent', {})?.configured).toBe(false);
    expect(
      readComponentProperties('core:chartComponent', { reportId: 3, categoryColumnId: 'stage' })?.configured,
    ).toBe(true);
    expect(readComponentProperties('core:chartComponent', { reportId: 'x' })?.configured).toBe(false);
    expect(readComponentProperties('core:nope', {})).toBeNull();
    expect(componentType('core:filterComponent')?.maxPerPage).toBe(1);
  });
});

describe('page version content', () => {
  it('fills defaults: hidden title bar with the recordName format', () => {
    const content = pageVersionContent.parse({ configuration: defaultPageConfiguration() });
    expect(content.titleBar).toEqual({ pageShowTitleBar: false, format: 'recordName' });
    expect(pageTitle(content.titleBar, 'Acme', 'Account')).toBe('Acme');
    expect(pageTitle({ pageShowTitleBar: true, format: 'custom', title: 'Hello' }, 'Acme', 'Account')).toBe(
      'Hello',
    );
  });
});
