/**
 * The named accent themes an app may have (decision 0122): each sets the design tokens the
 * runner's buttons, links, focus rings and selected menu item use. The list lives here so the
 * settings dialog offers it and the server refuses anything else; the stored value is the id, and
 * nothing (or a value no longer known) is the default theme.
 *
 * Invariants (tested): white text on `primary` and on `primaryHover` is at least 4.5:1 (WCAG AA
 * text), and so is `primary` as text on white; `focus` is at least 3:1 on white (WCAG 1.4.11).
 */
export interface AppTheme {
  id: string;
  /** As the settings dialog lists it. */
  name: string;
  primary: string;
  primaryHover: string;
  focus: string;
}

export const appThemes = [
  { id: 'default', name: 'Default (blue)', primary: '#2454d6', primaryHover: '#1b41a8', focus: '#4b7bff' },
  { id: 'teal', name: 'Teal', primary: '#0f766e', primaryHover: '#115e59', focus: '#0d9488' },
  { id: 'green', name: 'Green', primary: '#15803d', primaryHover: '#166534', focus: '#16a34a' },
  { id: 'purple', name: 'Purple', primary: '#7e22ce', primaryHover: '#6b21a8', focus: '#9333ea' },
  { id: 'orange', name: 'Orange', primary: '#c2410c', primaryHover: '#9a3412', focus: '#ea580c' },
  { id: 'slate', name: 'Slate', primary: '#475569', primaryHover: '#334155', focus: '#64748b' },
] as const satisfies readonly AppTheme[];

export type AppThemeId = (typeof appThemes)[number]['id'];

export const defaultAppTheme: AppTheme = appThemes[0];

/** The theme a stored value names (case-insensitive); nothing or an unknown value is the default. */
export function appThemeOf(stored: string | null | undefined): AppTheme {
  const wanted = (stored ?? '').trim().toLowerCase();
  return appThemes.find((t) => t.id === wanted) ?? defaultAppTheme;
}

/** Whether a value names a theme: nothing (the default) or one of the ids. */
export function isAppTheme(value: string | null | undefined): boolean {
  const wanted = (value ?? '').trim().toLowerCase();
  return wanted === '' || appThemes.some((t) => t.id === wanted);
}

/** The refusal of a theme that is not one of the list. */
export const appThemeMessage = (value: string): string =>
  `'${value}' is not a theme. Choose one of: ${appThemes.map((t) => t.name).join(', ')}.`;

/** The refusal of a theme, or undefined when it is nothing or one of the list. */
export function appThemeProblem(value: string | null | undefined): string | undefined {
  return isAppTheme(value) ? undefined : appThemeMessage((value ?? '').trim());
}

/** The design tokens a theme sets (the names `@plinth/ui`'s styles.css defines on :root). */
export function appThemeTokens(theme: AppTheme): Record<string, string> {
  return {
    '--color-primary': theme.primary,
    '--color-primary-hover': theme.primaryHover,
    '--color-focus': theme.focus,
  };
}
