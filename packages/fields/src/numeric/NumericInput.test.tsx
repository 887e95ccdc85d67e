import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FieldSettingsProvider } from '../settings/FieldSettings';
import { NumericInput } from './NumericInput';

describe('NumericInput', () => {
  it('rejects letters, a second point and inner minus signs', async () => {
    render(<NumericInput label="Amount" isFloating />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '-1a2.3.4-5');
    expect(input).toHaveValue('-12.34');
  });

  it('rejects the decimal point for integers', async () => {
    render(<NumericInput label="Count" />);
    const input = screen.getByRole('textbox', { name: 'Count' });
    await userEvent.type(input, '12.5');
    expect(input).toHaveValue('125');
  });

  it('pads the decimal places on blur', async () => {
    const onValueChange = vi.fn();
    render(<NumericInput label="Amount" isFloating onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '3.5');
    await userEvent.tab();
    expect(input).toHaveValue('3.50');
    expect(onValueChange).toHaveBeenLastCalledWith(3.5);
  });

  it('with onClear, leaves a cleared value empty and says so instead of settling on 0 (issue 12)', async () => {
    const onValueChange = vi.fn();
    const onClear = vi.fn();
    render(
      <NumericInput
        label="Amount"
        isCurrency
        min={0}
        defaultValue={1000}
        onValueChange={onValueChange}
        onClear={onClear}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.clear(input);
    await userEvent.tab();
    expect(input).toHaveValue('');
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onValueChange).not.toHaveBeenCalled();
    await userEvent.type(input, '5');
    await userEvent.tab();
    expect(onValueChange).toHaveBeenLastCalledWith(5);
  });

  it('truncates the decimal places of a given value', () => {
    render(<NumericInput label="Amount" isFloating decimalPlaces={1} value={2.79} />);
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('2.7');
  });

  it('clamps to min and max on blur and shows (min)/(max)', async () => {
    render(<NumericInput label="Qty" min={1} max={10} />);
    const input = screen.getByRole('textbox', { name: 'Qty' });
    await userEvent.type(input, '50');
    await userEvent.tab();
    expect(input).toHaveValue('10');
    expect(screen.getByTestId('bound-hint')).toHaveTextContent('(max)');
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.tab();
    expect(input).toHaveValue('1');
    expect(screen.getByTestId('bound-hint')).toHaveTextContent('(min)');
  });

  it('makes an empty value the minimum, or 0 when the minimum is negative', async () => {
    const { unmount } = render(<NumericInput label="Qty" min={5} defaultValue={7} />);
    let input = screen.getByRole('textbox', { name: 'Qty' });
    await userEvent.clear(input);
    await userEvent.tab();
    expect(input).toHaveValue('5');
    unmount();
    render(<NumericInput label="Qty" min={-5} defaultValue={7} />);
    input = screen.getByRole('textbox', { name: 'Qty' });
    await userEvent.clear(input);
    await userEvent.tab();
    expect(input).toHaveValue('0');
  });

  it('keeps the previous value when emptied without a minimum', async () => {
    render(<NumericInput label="Qty" defaultValue={7} />);
    const input = screen.getByRole('textbox', { name: 'Qty' });
    await userEvent.clear(input);
    await userEvent.tab();
    expect(input).toHaveValue('7');
  });

  it('steps by 1 with the carets and arrow keys, clamped', async () => {
    render(<NumericInput label="Qty" max={2} defaultValue={1} />);
    const input = screen.getByRole('textbox', { name: 'Qty' });
    await userEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(input).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(input).toHaveValue('2');
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('0');
  });

  it('shows the (max) overlay at an unconfigured default bound', async () => {
    render(<NumericInput label="Count" />);
    const input = screen.getByRole('textbox', { name: 'Count' });
    await userEvent.type(input, '99999999999');
    await userEvent.tab();
    expect(input).toHaveValue('1000000000');
    expect(screen.getByTestId('bound-overlay')).toHaveTextContent('(max)');
    expect(screen.queryByTestId('bound-hint')).not.toBeInTheDocument();
  });

  it('shows the tenant currency symbol and two decimal places', async () => {
    render(
      <FieldSettingsProvider value={{ currencySymbol: '€', locale: 'en-GB' }}>
        <NumericInput label="Price" isCurrency />
      </FieldSettingsProvider>,
    );
    expect(screen.getByText('€')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Price' });
    await userEvent.type(input, '4');
    await userEvent.tab();
    expect(input).toHaveValue('4.00');
  });
});
