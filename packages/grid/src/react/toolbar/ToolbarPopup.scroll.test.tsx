import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFilterState } from '../../filters/createFilterState.js';
import { filterTestMeta } from '../../filters/filterTestMeta.js';
import { FilterPopup } from './FilterPopup.js';

/** Gives the popup's body a size and a scroll position, as the browser would lay it out. */
function layOut(
  body: HTMLElement,
  {
    scrollTop,
    scrollHeight,
    clientHeight,
  }: { scrollTop: number; scrollHeight: number; clientHeight: number },
) {
  Object.defineProperty(body, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(body, 'clientHeight', { configurable: true, value: clientHeight });
  body.scrollTop = scrollTop;
  fireEvent.scroll(body);
}

describe('the filter popup shows that it scrolls', () => {
  it('marks the edges with more content past them, and not the others', async () => {
    render(<FilterPopup state={createFilterState(filterTestMeta())} onApply={vi.fn()} breakpoint="lg" />);
    await userEvent.click(screen.getByRole('button', { name: /^Filter/ }));
    const body = screen.getByRole('dialog').querySelector('.pl-toolbar-popup__body') as HTMLElement;

    layOut(body, { scrollTop: 0, scrollHeight: 600, clientHeight: 244 });
    expect(body).toHaveAttribute('data-more-below', 'true');
    expect(body).not.toHaveAttribute('data-more-above');

    layOut(body, { scrollTop: 150, scrollHeight: 600, clientHeight: 244 });
    expect(body).toHaveAttribute('data-more-above', 'true');
    expect(body).toHaveAttribute('data-more-below', 'true');

    layOut(body, { scrollTop: 356, scrollHeight: 600, clientHeight: 244 });
    expect(body).toHaveAttribute('data-more-above', 'true');
    expect(body).not.toHaveAttribute('data-more-below');
  });
});
