import { describe, expect, it } from 'vitest';
import { newPageContent } from './newPageContent.js';
import {
  currentPageVersionFormat,
  maxPerPageMessage,
  migratePageVersionContent,
  pageContentProblems,
  readPageVersionContent,
} from './pageVersionFormat.js';

const heading = (id: string, text = 'Hello') => ({
  component: { id, typeAlias: 'core:headingComponent', properties: { text } },
});

describe('stored page versions', () => {
  it('reads content of the current format as stored', () => {
    const content = newPageContent([heading('h1')]);
    const read = readPageVersionContent(JSON.stringify(content), currentPageVersionFormat);
    expect(read).toEqual({ content, fellBack: false });
  });

  it('migrates older formats one step at a time', () => {
    // A format 1 that named components `parts`, and a format 2 whose headings held `title`.
    const steps = {
      1: (v: any) => ({ ...v, components: v.parts, parts: undefined }),
      2: (v: any) => ({
        ...v,
        components: v.components.map((c: any) => ({ ...c, properties: { text: c.properties.title } })),
      }),
    };
    const old = { parts: [{ id: 'h', typeAlias: 'core:headingComponent', properties: { title: 'Old' } }] };
    expect(migratePageVersionContent(old, 1, 3, steps)).toMatchObject({
      components: [{ id: 'h', properties: { text: 'Old' } }],
    });
    expect(() => migratePageVersionContent(old, 3, 4, steps)).toThrow(/from format 3 to 4/);
  });

  it('reads what it can of content that does not parse, and says it fell back', () => {
    const good = newPageContent([heading('h1')]);
    const stored = {
      ...good,
      components: [...good.components, { id: 'bad id', typeAlias: 'core:headingComponent' }],
      configuration: { layout: 'grid' },
      titleBar: { pageShowTitleBar: 'yes' },
      surprise: true,
    };
    const read = readPageVersionContent(JSON.stringify(stored));
    expect(read.fellBack).toBe(true);
    expect(read.content.components.map((c) => c.id)).toEqual(['h1']);
    expect(read.content.configuration.root.elements).toEqual([]);
    expect(read.content.titleBar.pageShowTitleBar).toBe(false);
    expect(readPageVersionContent('{not json').content.components).toEqual([]);
    expect(readPageVersionContent(null).fellBack).toBe(true);
  });

  it('finds the problems a save must refuse, with the spec texts', () => {
    expect(pageContentProblems(newPageContent([heading('h1'), heading('h2')]))).toEqual([]);
    const twice = newPageContent([heading('h1')]);
    twice.components.push({ ...twice.components[0]! });
    expect(pageContentProblems(twice).map((p) => p.message)).toContain(
      'Another component already has this Id.',
    );
    const filters = newPageContent([
      { component: { id: 'f1', typeAlias: 'core:filterComponent' } },
      { component: { id: 'f2', typeAlias: 'core:filterComponent' } },
    ]);
    expect(pageContentProblems(filters).map((p) => p.message)).toEqual([maxPerPageMessage(1, 'Filter')]);
    expect(maxPerPageMessage(1, 'Filter')).toBe(
      'The component cannot be added. Only 1 Filter component(s) per page are currently supported.',
    );
    const stray = newPageContent([heading('h1')]);
    stray.components = [];
    expect(pageContentProblems(stray)[0]!.message).toBe(
      "The layout places a component the page does not have: 'h1'.",
    );
  });
});
