import { appThemeOf, appThemes, isAppTheme } from '@plinth/schema';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import './themeSelect.css';

function Swatch({ colour }: { colour: string }) {
  return <span aria-hidden="true" className="pl-theme-select__swatch" style={{ background: colour }} />;
}

/**
 * The app's theme as a choice of the named themes (decision 0122), each with a swatch of its
 * primary colour. The default theme is stored as nothing; a stored value no longer in the list
 * shows as the default, says so, and stays as it is until a theme is chosen.
 */
export function ThemeSelect({
  value,
  error,
  onChange,
}: {
  value: string | null;
  error?: string;
  onChange: (theme: string | null) => void;
}) {
  const selected = appThemeOf(value);
  // A value no longer in the list selects nothing, so choosing the default still changes it.
  const isUnknown = !isAppTheme(value);
  return (
    <Select
      className="pl-text-field pl-theme-select"
      selectedKey={isUnknown ? null : selected.id}
      placeholder={selected.name}
      onSelectionChange={(key) => {
        if (key !== null) onChange(key === 'default' ? null : String(key));
      }}
      isInvalid={Boolean(error)}
    >
      <Label className="pl-field__label">Theme</Label>
      <AriaButton className="pl-admin__select-button pl-theme-select__button">
        {/* The selected option's own content: its swatch and name. */}
        <SelectValue className="pl-theme-select__value" />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Text slot="description" className="pl-field__hint">
        {isUnknown
          ? `'${value}' is not one of the themes: the app shows the default until you choose one.`
          : "The colour of the app's buttons, links and menu."}
      </Text>
      {error && (
        <Text slot="errorMessage" className="pl-field__error">
          {error}
        </Text>
      )}
      <Popover>
        <ListBox className="pl-admin__listbox" items={appThemes}>
          {(theme) => (
            <ListBoxItem
              className="pl-admin__option pl-theme-select__option"
              id={theme.id}
              textValue={theme.name}
            >
              <Swatch colour={theme.primary} />
              {theme.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
