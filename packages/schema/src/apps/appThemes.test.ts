import { describe, expect, it } from 'vitest';
import { appThemeOf, appThemeProblem, appThemes, appThemeTokens, defaultAppTheme } from './appThemes.js';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('app themes (decision 0122)', () => {
  it.each(appThemes.map((t) => [t.name, t] as const))('%s meets WCAG AA with white', (_, theme) => {
    expect(contrast(theme.primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.primaryHover, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // The surface colour pages sit on (#f6f7f9) too, where links are primary text.
    expect(contrast(theme.primary, '#f6f7f9')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.focus, '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('has unique ids and names, the default first', () => {
    expect(new Set(appThemes.map((t) => t.id)).size).toBe(appThemes.length);
    expect(new Set(appThemes.map((t) => t.name)).size).toBe(appThemes.length);
    expect(appThemes[0]).toBe(defaultAppTheme);
  });

  it('reads a stored value case-insensitively; nothing or an unknown value is the default', () => {
    expect(appThemeOf('teal').name).toBe('Teal');
    expect(appThemeOf(' Purple ').id).toBe('purple');
    expect(appThemeOf(null)).toBe(defaultAppTheme);
    expect(appThemeOf('')).toBe(defaultAppTheme);
    expect(appThemeOf('corporate blue')).toBe(defaultAppTheme);
  });

  it('refuses a value that is not a theme, naming the choices', () => {
    expect(appThemeProblem(null)).toBeUndefined();
    expect(appThemeProblem('  ')).toBeUndefined();
    expect(appThemeProblem('ORANGE')).toBeUndefined();
    expect(appThemeProblem(' neon ')).toBe(
      "'neon' is not a theme. Choose one of: Default (blue), Teal, Green, Purple, Orange, Slate.",
    );
  });

  it('sets the three design tokens', () => {
    expect(appThemeTokens(appThemeOf('green'))).toEqual({
      '--color-primary': '#15803d',
      '--color-primary-hover': '#166534',
      '--color-focus': '#16a34a',
    });
  });
});
