import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FieldWrapper } from '../wrapper/FieldWrapper';
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
