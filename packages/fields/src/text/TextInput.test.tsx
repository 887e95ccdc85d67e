import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextInput } from './TextInput';

describe('TextInput', () => {
  it('shows the n / max counter only while focused', async () => {
    render(<TextInput label="Title" maxLength={10} />);
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(screen.queryByText(/\/ 10/)).not.toBeInTheDocument();
    await userEvent.type(input, 'abc');
    expect(screen.getByText('3 / 10')).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.queryByText('3 / 10')).not.toBeInTheDocument();
  });

  it('stops input at the max length', async () => {
    const onValueChange = vi.fn();
    render(<TextInput label="Code" maxLength={4} onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Code' });
    await userEvent.type(input, 'abcdef');
    expect(input).toHaveValue('abcd');
    expect(screen.getByText('4 / 4')).toBeInTheDocument();
    expect(onValueChange).toHaveBeenLastCalledWith('abcd');
  });

  it('gives a text area the 100000 default max length', async () => {
    render(<TextInput label="Notes" isMultiline />);
    const area = screen.getByRole('textbox', { name: 'Notes' });
    expect(area.tagName).toBe('TEXTAREA');
    await userEvent.type(area, 'hi');
    expect(screen.getByText('2 / 100000')).toBeInTheDocument();
  });

  it('caps single-line text at 1000 characters without showing a counter unless configured', async () => {
    render(<TextInput label="Name" maxLength={5000} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('maxlength', '1000');
    await userEvent.click(input);
    expect(screen.getByText('0 / 1000')).toBeInTheDocument();
  });

  it('shows no counter for a plain single-line text', async () => {
    render(<TextInput label="Name" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    expect(screen.queryByText(/\//)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('maxlength', '1000');
  });

  it('shows the mandatory asterisk, required hint and the error line', () => {
    render(<TextInput label="Name" isMandatory errorText="A value is required." />);
    const input = screen.getByRole('textbox', { name: /Name/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('A value is required.');
    expect(screen.getByText('*')).toBeInTheDocument();
    expect(screen.getByTitle('This field must be filled to create the record')).toBeInTheDocument();
  });

  it('is read-only and disabled on request', async () => {
    const { rerender } = render(<TextInput label="Name" value="Ada" isReadOnly />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(input, 'x');
    expect(input).toHaveValue('Ada');
    rerender(<TextInput label="Name" value="Ada" isDisabled />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.getByTitle('This field is optional')).toBeInTheDocument();
  });
});
