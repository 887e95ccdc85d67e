import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorDisplay } from './ErrorDisplay';
import { HelpText } from './HelpText';
import { LoadingGrid } from './LoadingGrid';

describe('HelpText', () => {
  it('shows short help in a click-triggered tooltip', async () => {
    render(<HelpText label="Name" text="The name people see." />);
    expect(screen.queryByText('The name people see.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Help for Name' }));
    expect(await screen.findByText('The name people see.')).toBeInTheDocument();
  });

  it('opens help over 1000 characters in a dialog acknowledged with OK', async () => {
    const text = 'x'.repeat(1001);
    render(<HelpText label="Notes" text={text} />);
    await userEvent.click(screen.getByRole('button', { name: 'Help for Notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notes' });
    expect(dialog).toHaveTextContent(text);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps exactly 1000 characters in the tooltip', async () => {
    render(<HelpText label="Notes" text={'y'.repeat(1000)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Help for Notes' }));
    expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
    expect(await screen.findByText('y'.repeat(1000))).toBeInTheDocument();
  });
});

describe('ErrorDisplay', () => {
  it('shows the message and a go home link', () => {
    render(<ErrorDisplay message="Page not found." homeHref="/apps" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Page not found.');
    expect(screen.getByRole('link', { name: 'go home' })).toHaveAttribute('href', '/apps');
  });
});

describe('LoadingGrid', () => {
  it('draws a 40 px header and 32 px rows of the asked size', () => {
    render(<LoadingGrid columns={3} rows={5} />);
    const header = screen.getByTestId('loading-grid-header');
    expect(header.style.height).toBe('40px');
    expect(header.style.gridTemplateColumns).toBe('repeat(3, minmax(176px, 1fr))');
    const rows = screen.getAllByTestId('loading-grid-row');
    expect(rows).toHaveLength(5);
    expect(rows[0]!.style.height).toBe('32px');
  });

  it('clamps to 1-12 columns and 1-20 rows', () => {
    const { unmount } = render(<LoadingGrid columns={40} rows={99} />);
    expect(screen.getAllByTestId('loading-grid-row')).toHaveLength(20);
    expect(screen.getByTestId('loading-grid-header').children).toHaveLength(12);
    unmount();
    render(<LoadingGrid columns={0} rows={0} />);
    expect(screen.getAllByTestId('loading-grid-row')).toHaveLength(1);
    expect(screen.getByTestId('loading-grid-header').children).toHaveLength(1);
  });
});
