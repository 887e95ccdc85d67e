import { defaultPageConfiguration, type LayoutElement, type PageVersionContent } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { modalSizeOf } from './modalSize';

const component = (id: string): LayoutElement => ({
  id,
  type: 'component',
  isContainer: false,
  elements: [],
  styles: {},
});
const container = (id: string, elements: LayoutElement[]): LayoutElement => ({
  id,
  type: 'container',
  isContainer: true,
  elements,
  styles: {},
});

function page(elements: LayoutElement[]): PageVersionContent {
  const configuration = defaultPageConfiguration();
  configuration.root.elements = elements;
  return {
    components: [],
    configuration,
    contextEntityTypeId: null,
    testResourceId: null,
    titleBar: { pageShowTitleBar: false, format: 'recordName' },
    variables: [],
  };
}

describe('modalSizeOf', () => {
  it('is small for 4 or fewer containers and components, medium beyond', () => {
    expect(modalSizeOf(page([]))).toBe('small');
    expect(modalSizeOf(page([container('c', [component('a'), component('b'), component('d')])]))).toBe(
      'small',
    );
    expect(
      modalSizeOf(page([container('c', [component('a'), component('b')]), container('e', [component('f')])])),
    ).toBe('medium');
  });
});
