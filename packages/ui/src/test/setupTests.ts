import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Dialogs, popovers and menus under jsdom take seconds when the suite shares two cores: every
// findBy and waitFor allows five, not Testing Library's one.
configure({ asyncUtilTimeout: 5000 });

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
