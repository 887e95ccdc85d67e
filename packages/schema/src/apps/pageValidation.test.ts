import { describe, expect, it } from 'vitest';
import { newPageContent } from './newPageContent.js';
import type { PageVersionContent } from './pageDefinition.js';
import {
  blockingMessage,
  componentsWithIssues,
  isPageInMenu,
  type PageIssue,
  type PagePlacement,
  pageIssues,
  saveBlockers,
  validationSummary,
} from './pageValidation.js';

const heading = (id: string, name = '') => ({
  component: { id, name, typeAlias: 'core:headingComponent', properties: { text: 'Hi' } },
});

const others = [
  { id: 1, name: 'Welcome', slug: 'welcome' },
  { id: 2, name: 'Jobs list', slug: 'jobs' },
];
const inOther: PagePlacement = { otherPages: others, isHomePage: false, isInMenu: false };
const page = (content: unknown, name = 'Job details', slug = 'job') => ({ id: 3, name, slug, content });

/** Content with the page's component ids changed in both its components and its layout. */
function withIds(content: PageVersionContent, ids: string[]): PageVersionContent {
  return {
    ...content,
    components: content.components.map((c, i) => ({ ...c, id: ids[i]! })),
    configuration: {
      ...content.configuration,
      root: {
        ...content.configuration.root,
        elements: content.configuration.root.elements.map((e, i) => ({ ...e, id: ids[i]! })),
      },
    },
  };
}

describe('a page’s issues (spec 01 §5)', () => {
  it('has none for a page that keeps every rule', () => {
    expect(pageIssues(page(newPageContent([heading('title')])), inOther)).toEqual([]);
  });

  it('names the page settings with the spec’s labels: name and slug against the other pages', () => {
    const issues = pageIssues(page(newPageContent(), 'welcome', 'JOBS'), inOther);
    expect(issues).toEqual([
      {
        area: 'setting',
        setting: 'name',
        label: 'Failing ID validation',
        message: "There is another page with the same 'Page name'.",
      },
      {
        area: 'setting',
        setting: 'slug',
        label: 'Failing URL slug validation',
        message: "There is another page with the same 'URL slug'.",
      },
    ]);
    // The page itself is not another page.
    expect(pageIssues({ ...page(newPageContent(), 'Welcome', 'welcome'), id: 1 }, inOther)).toEqual([]);
    expect(pageIssues(page(newPageContent(), 'Job', 'a b'), inOther).map((i) => i.message)).toEqual([
      'The Page name must be 4 to 80 characters long.',
      'The URL slug may only contain letters, digits, hyphens and underscores.',
    ]);
  });

  it('refuses an Object input on the home page and on a page in the menu', () => {
    const withInput = newPageContent([], { contextEntityTypeId: 55 });
    const input = (placement: Partial<PagePlacement>) =>
      pageIssues(page(withInput), { ...inOther, ...placement });
    expect(input({ isHomePage: true, isInMenu: true })).toEqual([
      {
        area: 'setting',
        setting: 'input',
        label: 'Page input validation',
        message: 'Home pages must not have Object as an input',
      },
    ]);
    expect(input({ isInMenu: true }).map((i) => i.message)).toEqual([
      'Pages in menu must not have Object as an input, move the page to Other pages',
    ]);
    expect(input({})).toEqual([]);
    expect(pageIssues(page(newPageContent()), { ...inOther, isHomePage: true, isInMenu: true })).toEqual([]);
  });

  it('checks page variable values against their types', () => {
    const content = {
      ...newPageContent(),
      variables: [
        { name: 'Count', type: 'Int32' as const, isList: false, value: 'many' },
        { name: 'Due', type: 'Date' as const, isList: true, value: ['2026-11-28'] },
        { name: 'Flag', type: 'Bool' as const, isList: false },
      ],
    };
    expect(pageIssues(page(content), inOther)).toEqual([
      {
        area: 'variable',
        variableName: 'Count',
        message: 'The value is not a valid number.',
      },
    ]);
  });

  it('names components by name, else by their type, with id, type and per-page problems', () => {
    const spaced = withIds(newPageContent([heading('a', 'Title')]), ['my title']);
    expect(pageIssues(page(spaced), inOther)).toEqual([
      {
        area: 'component',
        componentId: 'my title',
        componentName: 'Title',
        message: 'Invalid format. The value must not contain spaces.',
      },
    ]);
    const twice = withIds(newPageContent([heading('a', 'First'), heading('b')]), ['x', 'x']);
    expect(pageIssues(page(twice), inOther)).toEqual([
      {
        area: 'component',
        componentId: 'x',
        componentName: 'Heading',
        message: 'Another component already has this Id.',
      },
    ]);
    const unknown = newPageContent([{ component: { id: 'u', typeAlias: 'acme:gadget' } }]);
    expect(pageIssues(page(unknown), inOther)).toEqual([
      { area: 'component', componentId: 'u', componentName: 'u', message: 'Unknown component type' },
    ]);
    const filter = (id: string) => ({
      component: { id, typeAlias: 'core:filterComponent', properties: { targetComponentIds: [] } },
    });
    expect(pageIssues(page(newPageContent([filter('f1'), filter('f2')])), inOther)).toEqual([
      {
        area: 'component',
        componentId: 'f2',
        componentName: 'Filter',
        message:
          'The component cannot be added. Only 1 Filter component(s) per page are currently supported.',
      },
    ]);
  });

  it('puts a problem of the layout on the page', () => {
    const content = newPageContent([heading('a')]);
    content.components = [];
    expect(pageIssues(page(content), inOther)).toEqual([
      { area: 'page', message: "The layout places a component the page does not have: 'a'." },
    ]);
  });

  it('tells whether a page is in the menu, in a folder of it included', () => {
    const menu = {
      menuOrder: ['1', 'reports'],
      menuFolders: [{ id: 'reports', text: 'Reports', childOrder: ['4'] }],
      otherOrder: ['2'],
      otherFolders: [{ id: 'more', text: 'More', childOrder: ['5'] }],
    };
    expect([1, 4, 2, 5, 9].map((id) => isPageInMenu(menu, id))).toEqual([true, true, false, false, false]);
  });
});

describe('what a save blocked by issues shows (spec 01 §5)', () => {
  const name: PageIssue = { area: 'setting', setting: 'name', label: 'Failing ID validation', message: 'x' };
  const slug: PageIssue = {
    area: 'setting',
    setting: 'slug',
    label: 'Failing URL slug validation',
    message: 'x',
  };
  const input: PageIssue = {
    area: 'setting',
    setting: 'input',
    label: 'Page input validation',
    message: 'x',
  };
  const variable: PageIssue = { area: 'variable', variableName: 'Count', message: 'x' };
  const component = (componentName: string): PageIssue => ({
    area: 'component',
    componentId: componentName.toLowerCase(),
    componentName,
    message: 'x',
  });

  it('lets a page without issues be saved', () => {
    expect(saveBlockers([])).toEqual([]);
    expect(validationSummary([])).toBeNull();
  });

  it('shows the summary, then the blocking message of each setting, variables and components', () => {
    expect(
      saveBlockers([input, component('Title'), name, component('Chart'), slug, component('Title')]),
    ).toEqual([
      "The page has validation errors in 'Page settings' and component(s) 'Title, Chart'.",
      'Page name must not have validation errors. Please correct the Page name before proceeding.',
      'URL slug must not have validation errors. Please correct the URL slug before proceeding.',
      'Page input must not have validation errors. Please correct the Page input before proceeding.',
      'Component properties must not have validation errors. Please correct the errors before proceeding.',
    ]);
    expect(saveBlockers([variable])).toEqual([
      "The page has validation errors in 'Page settings'.",
      'Page variables must not have validation errors. Please correct the Page variables before proceeding.',
    ]);
  });

  it('summarises only the part that has issues', () => {
    expect(validationSummary([name])).toBe("The page has validation errors in 'Page settings'.");
    expect(validationSummary([component('Title')])).toBe(
      "The page has validation errors in component(s) 'Title'.",
    );
    expect(validationSummary([{ area: 'page', message: 'x' }])).toBe(
      "The page has validation errors in 'Page settings'.",
    );
    expect(componentsWithIssues([component('A'), name, component('B'), component('A')])).toEqual(['A', 'B']);
  });

  it('words the blocking message of a setting as spec 01 §5 does', () => {
    expect(blockingMessage('Page name')).toBe(
      'Page name must not have validation errors. Please correct the Page name before proceeding.',
    );
  });
});
