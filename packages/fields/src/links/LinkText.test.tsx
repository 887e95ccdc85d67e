import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FieldWrapper } from '../wrapper/FieldWrapper';
import { ExternalLinkConfirmation, leaveSiteMessage } from './externalLinks';
import { LinkText } from './LinkText';

describe('LinkText', () => {
  it('links web addresses in a new tab with nofollow', () => {
    render(<LinkText value="www.example.com" />);
    const link = screen.getByRole('link', { name: 'www.example.com' });
    expect(link).toHaveAttribute('href', 'http://www.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('links email addresses in place and leaves javascript: as text', () => {
    const { rerender } = render(<LinkText value="ada@example.com" />);
    expect(screen.getByRole('link')).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(screen.getByRole('link')).not.toHaveAttribute('target');
    rerender(<LinkText value="javascript:alert(1)" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  });
});

describe('LinkText leaving the site', () => {
  it('asks before a link to another site opens, and opens it in a new tab on Yes', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<LinkText value="https://example.com/page" />);
    await userEvent.click(screen.getByRole('link', { name: 'https://example.com/page' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(leaveSiteMessage);
    expect(open).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(open).toHaveBeenCalledWith('https://example.com/page', '_blank', 'noopener,noreferrer');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    open.mockRestore();
  });

  it('stays on the page when the answer is No', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<LinkText value="www.example.com" />);
    await userEvent.click(screen.getByRole('link'));
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    open.mockRestore();
  });

  it('does not ask for mail links, links to this site, or when the tenant turned it off', async () => {
    const { rerender } = render(<LinkText value="ada@example.com" />);
    await userEvent.click(screen.getByRole('link'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    rerender(<LinkText value={`${window.location.origin}/apps`} />);
    await userEvent.click(screen.getByRole('link'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    rerender(
      <ExternalLinkConfirmation value={false}>
        <LinkText value="https://example.com" />
      </ExternalLinkConfirmation>,
    );
    await userEvent.click(screen.getByRole('link'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('FieldWrapper', () => {
  it('offers the AI-suggest button only when asked, and shows help text', async () => {
    const onAiSuggest = vi.fn();
    const { rerender } = render(
      <FieldWrapper label="Summary" labelMode="plain" helpText="What happened.">
        <input aria-label="Summary" />
      </FieldWrapper>,
    );
    expect(screen.queryByRole('button', { name: 'Suggest a value for Summary' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Help for Summary' })).toBeInTheDocument();
    rerender(
      <FieldWrapper label="Summary" labelMode="plain" onAiSuggest={onAiSuggest}>
        <input aria-label="Summary" />
      </FieldWrapper>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Suggest a value for Summary' }));
    expect(onAiSuggest).toHaveBeenCalledTimes(1);
  });

  it('shows the error line when isError is set, as an alert outside react-aria fields', () => {
    render(
      <FieldWrapper label="Active" labelMode="plain" isError errorText="A value is required.">
        <input aria-label="Active" />
      </FieldWrapper>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('A value is required.');
  });
});
