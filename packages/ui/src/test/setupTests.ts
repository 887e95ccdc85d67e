import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// jsdom does no layout: ranges have no client rects, which ProseMirror (the rich-text editor)
// asks for when it scrolls a selection into view. An empty list is what a hidden range has.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = emptyRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
}
