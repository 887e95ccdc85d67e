import { appThemeOf, appThemes, isAppTheme } from '@plinth/schema';
import { PropertySelect } from '../admin/public';
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
    <PropertySelect
      label="Theme"
      className="pl-theme-select"
      options={appThemes}
      value={isUnknown ? null : selected.id}
      placeholder={selected.name}
      onChange={(id) => onChange(id === 'default' ? null : id)}
      error={error}
      hint={
        isUnknown
          ? `'${value}' is not one of the themes: the app shows the default until you choose one.`
          : "The colour of the app's buttons, links and menu."
      }
      renderOption={(option) => (
        <span className="pl-theme-select__option">
          <Swatch colour={appThemeOf(option.id).primary} />
          {option.name}
        </span>
      )}
    />
  );
}
