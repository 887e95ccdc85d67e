import { describe, expect, it } from 'vitest';
import {
  appSettingsProblems,
  hexColourProblem,
  appRuleMessages as M,
  pageSettingsProblems,
  toSlug,
  uniqueName,
  uniqueSlug,
} from './appRules.js';

describe('app and page rules (spec 01 §5)', () => {
  const others = [
    { id: 1, name: 'Sales CRM', slug: 'crm' },
    { id: 2, name: 'Field Service', slug: 'field' },
  ];

  it('wants an app name of 4 to 80 characters, trimmed', () => {
    expect(appSettingsProblems({ id: null, name: 'App', slug: 'ok' }, others)).toEqual({
      name: M.appNameLength,
    });
    expect(appSettingsProblems({ id: null, name: '  Ab  ', slug: 'ok' }, others).name).toBe(M.appNameLength);
    expect(appSettingsProblems({ id: null, name: 'x'.repeat(81), slug: 'ok' }, others).name).toBe(
      M.appNameLength,
    );
    expect(appSettingsProblems({ id: null, name: 'x'.repeat(80), slug: 'ok' }, others)).toEqual({});
    expect(appSettingsProblems({ id: null, name: 'Jobs', slug: 'ok' }, others)).toEqual({});
  });

  it("names another app's name or slug with the spec's messages, case-insensitively", () => {
    expect(appSettingsProblems({ id: null, name: 'sales crm', slug: 'CRM' }, others)).toEqual({
      name: "There is another app with the same 'App name'.",
      slug: "There is another app with the same 'URL slug'.",
    });
    // The app itself is not another app.
    expect(appSettingsProblems({ id: 1, name: 'Sales CRM', slug: 'crm' }, others)).toEqual({});
  });

  it('wants a slug of letters, digits, hyphens and underscores', () => {
    expect(appSettingsProblems({ id: null, name: 'Jobs board', slug: '' }, others).slug).toBe(M.slugRequired);
    expect(appSettingsProblems({ id: null, name: 'Jobs board', slug: 'my app' }, others).slug).toBe(
      M.slugCharacters,
    );
    expect(appSettingsProblems({ id: null, name: 'Jobs board', slug: 'my-app_2' }, others)).toEqual({});
  });

  it('checks page names and slugs against the other pages of the app', () => {
    const pages = [{ id: 7, name: 'Welcome', slug: 'welcome' }];
    expect(pageSettingsProblems({ id: null, name: 'welcome', slug: 'WELCOME' }, pages)).toEqual({
      name: "There is another page with the same 'Page name'.",
      slug: "There is another page with the same 'URL slug'.",
    });
    expect(pageSettingsProblems({ id: null, name: 'Job', slug: 'job' }, pages)).toEqual({
      name: M.pageNameLength,
    });
    expect(pageSettingsProblems({ id: 7, name: 'Welcome', slug: 'welcome' }, pages)).toEqual({});
  });

  it('makes a slug by stripping everything but letters, digits, hyphens and underscores', () => {
    expect(toSlug('Field Service!')).toBe('fieldservice');
    expect(toSlug('Jobs_2024 - Q1')).toBe('jobs_2024-q1');
    expect(toSlug('Über Äpps')).toBe('berpps');
    expect(toSlug('!!!')).toBe('');
  });

  it('appends a number to a slug that is taken, and falls back when nothing is left', () => {
    expect(uniqueSlug('Field Service', ['crm'])).toBe('fieldservice');
    expect(uniqueSlug('Field Service', ['FieldService', 'fieldservice2'])).toBe('fieldservice3');
    expect(uniqueSlug('!!!', [], 'app')).toBe('app');
    expect(uniqueSlug('x'.repeat(150), []).length).toBeLessThanOrEqual(100);
  });

  it('gives a name a numeric suffix from 2 while it is taken, within 80 characters', () => {
    expect(uniqueName('Welcome', ['Home'])).toBe('Welcome');
    expect(uniqueName('Welcome', ['welcome', 'Welcome 2'])).toBe('Welcome 3');
    const long = 'x'.repeat(80);
    const next = uniqueName(long, [long]);
    expect(next).toHaveLength(80);
    expect(next.endsWith(' 2')).toBe(true);
  });

  it('accepts hex colours only, or nothing', () => {
    expect(hexColourProblem('#1f4e79')).toBeNull();
    expect(hexColourProblem('#FFF')).toBeNull();
    expect(hexColourProblem('')).toBeNull();
    expect(hexColourProblem('red; background: url(x)')).toBe(M.colour);
    expect(hexColourProblem('#12345')).toBe(M.colour);
  });
});
