import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PickerOptionLabel } from './PickerOptionLabel';

describe('PickerOptionLabel', () => {
  it("shows a choice value's icon as a 32×32 thumbnail of its image, and its colour", () => {
    const { container } = render(
      <PickerOptionLabel row={{ id: 1, name: 'High', iconImageId: 77, colour: '#c0392b' }} />,
    );
    const icon = container.querySelector('img.pl-picker-option__icon');
    expect(icon).toHaveAttribute('src', '/spapi/data/v2/image/77?size=small');
    expect(icon).toHaveAttribute('width', '32');
    expect(icon).toHaveAttribute('height', '32');
    expect(container.querySelector('.pl-picker-option__colour')).toHaveStyle({ background: '#c0392b' });
    expect(screen.getByText('High')).toBeInTheDocument();
  });

  // The grid's chips and the pickers read choice colours alike (spec 02 §3).
  it.each(['#FFFFFF', 'rgb(0 0 0)', 'hsl(0, 0%, 100%)', 'hsla(200, 50%, 40%, 0)', 'not a colour'])(
    'ignores the enum colour %j, as the grid does: transparent, white, black or not a colour',
    (colour) => {
      const { container } = render(<PickerOptionLabel row={{ id: 1, name: 'Plain', colour }} />);
      expect(container.querySelector('.pl-picker-option__colour')).toBeNull();
    },
  );

  it("shows a person's avatar image, else their initials", () => {
    const { container, rerender } = render(
      <PickerOptionLabel row={{ id: 5, name: 'Ada Lovelace', isPerson: true, avatarImageId: 9 }} />,
    );
    const avatar = container.querySelector('img.pl-avatar');
    expect(avatar).toHaveAttribute('src', '/spapi/data/v2/image/9?size=small');
    expect(avatar).toHaveAttribute('width', '32');
    rerender(<PickerOptionLabel row={{ id: 5, name: 'Ada Lovelace', isPerson: true }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('AL')).toBeInTheDocument();
  });
});
