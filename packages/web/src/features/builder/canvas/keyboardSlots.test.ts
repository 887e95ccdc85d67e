import {
  defaultPageConfiguration,
  defaultPageTitleBar,
  type LayoutElement,
  type PageVersionContent,
} from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { keyboardSlots, nextSlot } from './keyboardSlots';

const el = (id: string, type: LayoutElement['type'], elements: LayoutElement[] = []): LayoutElement => ({
  id,
  type,
  isContainer: type !== 'component',
  elements,
  styles: {},
});

function page(...elements: LayoutElement[]): PageVersionContent {
  const configuration = defaultPageConfiguration();
  configuration.root.elements = elements;
  return {
    components: [],
    configuration,
    contextEntityTypeId: null,
    testResourceId: null,
    titleBar: defaultPageTitleBar(),
    variables: [],
  };
}

describe('keyboard drop slots', () => {
  const content = page(el('a', 'component'), el('g', 'grid', [el('b', 'component')]), el('c', 'component'));
  const names = (slots: ReturnType<typeof keyboardSlots>) =>
    slots.map((s) => `${s.placement}:${s.elementId}`);

  it('steps before each element and at the end of each container, in reading order', () => {
    expect(names(keyboardSlots(content, null))).toEqual([
      'before:a',
      'before:g',
      'before:b',
      'inside:g',
      'before:c',
      'inside:root',
    ]);
  });

  it('says where each slot puts the dragged element', () => {
    const slots = keyboardSlots(content, null);
    expect(slots.find((s) => s.elementId === 'c')).toMatchObject({ parentId: 'root', index: 2 });
    expect(slots.find((s) => s.elementId === 'g' && s.placement === 'inside')).toMatchObject({
      parentId: 'g',
      index: 1,
    });
  });

  it('leaves out the dragged element and everything inside it', () => {
    expect(names(keyboardSlots(content, 'g'))).toEqual(['before:a', 'before:c', 'inside:root']);
  });

  it('moves one slot at a time and stops at the ends', () => {
    const slots = keyboardSlots(content, null);
    expect(nextSlot(slots, null, 1)).toBe(slots[0]);
    expect(nextSlot(slots, null, -1)).toBe(slots[5]);
    expect(nextSlot(slots, slots[0] ?? null, -1)).toBe(slots[0]);
    expect(nextSlot(slots, slots[2] ?? null, 1)).toBe(slots[3]);
    expect(nextSlot(slots, slots[5] ?? null, 1)).toBe(slots[5]);
  });
});
