import { describe, expect, it } from 'vitest';
import {
  type MultistepMember,
  multistepMessages,
  multistepPlacementProblems,
  multistepSections,
} from './multistepPlacement.js';
import { newPageContent } from './newPageContent.js';
import type { LayoutElement } from './pageLayout.js';

const component = (id: string): LayoutElement => ({
  id,
  type: 'component',
  isContainer: false,
  elements: [],
  styles: {},
});
const section = (id: string, name: string, ids: string[]): LayoutElement => ({
  id,
  name,
  type: 'container',
  isContainer: true,
  elements: ids.map(component),
  styles: {},
});

/** A page with a heading outside the sections, then the given sections. */
function page(...sections: LayoutElement[]) {
  const content = newPageContent();
  content.configuration.root.elements = [component('heading'), ...sections];
  return content;
}

const members: Record<string, MultistepMember> = {
  name: { kind: 'field', name: 'Name', isMandatory: true },
  industry: { kind: 'field', name: 'Industry', isMandatory: false },
  contacts: { kind: 'relationshipList' },
};
const memberOf = (id: string) => members[id] ?? null;

describe('multistep sections', () => {
  it('are the root grid’s containers in order, named, with the components inside them', () => {
    const content = page(section('s1', 'Account', ['name']), section('s2', '', ['contacts']));
    expect(multistepSections(content)).toEqual([
      { id: 's1', name: 'Account', componentIds: ['name'] },
      { id: 's2', name: 'Step 2', componentIds: ['contacts'] },
    ]);
  });
});

describe('multistep placement rules', () => {
  it('accepts relationship fields after the first section and mandatory fields in the first', () => {
    const content = page(
      section('s1', 'Account', ['name', 'industry']),
      section('s2', 'People', ['contacts']),
    );
    expect(multistepPlacementProblems(content, memberOf)).toEqual([]);
  });

  it('refuses a relationship field outside the sections', () => {
    const content = page(section('s1', 'Account', ['name']));
    content.configuration.root.elements.push(component('contacts'));
    expect(multistepPlacementProblems(content, memberOf)).toEqual([
      { componentId: 'contacts', message: multistepMessages.outsideSections },
    ]);
  });

  it('refuses a relationship field in the first section', () => {
    const content = page(section('s1', 'Account', ['name', 'contacts']), section('s2', 'More', ['industry']));
    expect(multistepPlacementProblems(content, memberOf)).toEqual([
      {
        componentId: 'contacts',
        message:
          'Relationship fields cannot be added to the first section of a multistep form. Add the field to any section other than the first section.',
      },
    ]);
  });

  it('refuses a field mandatory on the object’s details after the first section', () => {
    const content = page(section('s1', 'Account', ['industry']), section('s2', 'More', ['name', 'contacts']));
    expect(multistepPlacementProblems(content, memberOf)).toEqual([
      {
        componentId: 'name',
        message:
          "The field 'Name' is set to mandatory on Object details. It can only be added to the first section of a multistep form.",
      },
    ]);
  });

  it('lets a mandatory field sit outside the sections (it shows with the first) and ignores unbound ones', () => {
    const content = page(section('s1', 'Account', ['industry']), section('s2', 'People', ['contacts']));
    content.configuration.root.elements.push(component('name'));
    expect(multistepPlacementProblems(content, memberOf)).toEqual([]);
  });

  it('says the outside rule for a page without sections', () => {
    const content = page();
    content.configuration.root.elements.push(component('contacts'));
    expect(multistepPlacementProblems(content, memberOf).map((p) => p.message)).toEqual([
      multistepMessages.outsideSections,
    ]);
  });
});
