import { listPageComponentTypes } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { componentRenderer, registerComponentRenderers, renderableComponentTypes } from './componentRegistry';
import { HeadingComponent } from './components/HeadingComponent';
import { registerListPageRenderers } from './listPageRenderers';

describe('the component renderer registry', () => {
  registerListPageRenderers();

  it('has one renderer for each list-page type, for the builder’s toolbox', () => {
    const aliases = listPageComponentTypes.map((t) => t.alias);
    expect(renderableComponentTypes().map((t) => t.alias)).toEqual(expect.arrayContaining(aliases));
    for (const alias of aliases) expect(componentRenderer(alias)).toBeDefined();
    expect(componentRenderer('core:chartComponent')?.isLazy).toBe(true);
    expect(componentRenderer('core:headingComponent')?.isLazy).toBe(false);
  });

  it('refuses a second renderer for an alias, and one for a type the schema does not know', () => {
    registerListPageRenderers();
    expect(() =>
      registerComponentRenderers([
        { alias: 'core:headingComponent', render: HeadingComponent, isLazy: false },
      ]),
    ).toThrow('registered twice');
    expect(() =>
      registerComponentRenderers([{ alias: 'acme:gadget', render: HeadingComponent, isLazy: false }]),
    ).toThrow('No component type acme:gadget');
  });
});
