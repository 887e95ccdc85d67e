import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HtmlViewer } from './HtmlViewer';

describe('HtmlViewer', () => {
  it('shows the sanitised text inline and the whole of it in a modal titled Text', async () => {
    const { container } = render(
      <HtmlViewer
        html={'<p>Hello <b>world</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">'}
      />,
    );
    const inline = container.querySelector('.pl-html-viewer__inline')!;
    expect(inline.innerHTML).toBe('<p>Hello <b>world</b></p>');
    await userEvent.click(screen.getByRole('button', { name: 'Open Text in a window' }));
    const dialog = screen.getByRole('dialog', { name: 'Text' });
    expect(within(dialog).getByText('world')).toBeInTheDocument();
    expect(dialog.querySelector('script, img')).toBeNull();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('titles the modal with the title it is given', async () => {
    render(<HtmlViewer html="<p>Terms</p>" title="Notes" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open Notes in a window' }));
    expect(screen.getByRole('dialog', { name: 'Notes' })).toBeInTheDocument();
  });
});
