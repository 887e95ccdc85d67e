/**
 * The rules an app's and a page's settings follow (spec 01 §5, decisions 0064 and 0112), shared by
 * the server, which enforces them on every write, and the builder, which shows them as the
 * administrator types. The spec's messages are verbatim; the others are ours.
 */
export const appRuleMessages = {
  pageSlugTaken: "There is another page with the same 'URL slug'.",
  pageNameTaken: "There is another page with the same 'Page name'.",
  appSlugTaken: "There is another app with the same 'URL slug'.",
  appNameTaken: "There is another app with the same 'App name'.",
  homePageInput: 'Home pages must not have Object as an input',
  menuPageInput: 'Pages in menu must not have Object as an input, move the page to Other pages',
  pageNameLength: 'The Page name must be 4 to 80 characters long.',
  appNameLength: 'The App name must be 4 to 80 characters long.',
  slugRequired: 'The URL slug is required.',
  slugCharacters: 'The URL slug may only contain letters, digits, hyphens and underscores.',
  pageType: 'The page type must be default, singleRecordEdit or singleRecordMultistepEdit.',
  appNameAlign: 'The app name alignment must be left, center or right.',
  menuShape: 'The menu is not valid.',
  configurationShape: 'The configuration must be a JSON object.',
  contentJson: 'The page content is not valid JSON.',
  contentFormat: 'The page content is of a format this server does not read.',
  inputType: 'The page input is not a type of this tenant.',
  defaultPageElsewhere: 'The default page must be a page of the app.',
  colour: 'Give the colour as # and 3 or 6 hexadecimal digits, such as #1f4e79.',
  version: 'Give the version as three numbers with dots between them, such as 1.0.0.',
} as const;

/** App and page names (spec 01 §9). */
export const appNameLimits = { min: 4, max: 80 } as const;
/** What a slug may hold: what slug creation keeps (spec 01 §5). */
export const urlSlugPattern = /^[A-Za-z0-9_-]+$/;
/** The longest slug the URL slug fields store. */
export const urlSlugMaxLength = 100;

const hexColour = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const appVersion = /^\d{1,9}\.\d{1,9}\.\d{1,9}$/;

/** One of the other apps or pages a name or slug is checked against. */
export interface NamedSlugged {
  id: number;
  name: string;
  slug: string;
}

/** An app or page being written: `id` null when it is new. */
export interface SettingsCandidate {
  id: number | null;
  name: string;
  slug: string;
}

export type AppSettingsProblems = Partial<
  Record<'name' | 'slug' | 'version' | 'headerBackgroundColour' | 'headerTextColour', string>
>;
export type PageSettingsProblems = Partial<Record<'name' | 'slug', string>>;

const key = (text: string) => text.trim().toLowerCase();

function nameAndSlug(
  candidate: SettingsCandidate,
  others: readonly NamedSlugged[],
  messages: { length: string; nameTaken: string; slugTaken: string },
): PageSettingsProblems {
  const problems: PageSettingsProblems = {};
  const name = candidate.name.trim();
  const rest = others.filter((o) => o.id !== candidate.id);
  if (name.length < appNameLimits.min || name.length > appNameLimits.max) problems.name = messages.length;
  else if (rest.some((o) => key(o.name) === key(name))) problems.name = messages.nameTaken;
  const slug = candidate.slug.trim();
  if (slug === '') problems.slug = appRuleMessages.slugRequired;
  else if (!urlSlugPattern.test(slug)) problems.slug = appRuleMessages.slugCharacters;
  else if (rest.some((o) => key(o.slug) === key(slug))) problems.slug = messages.slugTaken;
  return problems;
}

/** A hex colour, or nothing; anything else (a CSS expression) is refused. */
export function hexColourProblem(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  return hexColour.test(value.trim()) ? null : appRuleMessages.colour;
}

/**
 * What is wrong with an app's name, slug, version and header colours, against the tenant's other
 * apps (the shared app included): empty when they may be saved.
 */
export function appSettingsProblems(
  candidate: SettingsCandidate & {
    version?: string;
    headerBackgroundColour?: string | null;
    headerTextColour?: string | null;
  },
  otherApps: readonly NamedSlugged[],
): AppSettingsProblems {
  const problems: AppSettingsProblems = nameAndSlug(candidate, otherApps, {
    length: appRuleMessages.appNameLength,
    nameTaken: appRuleMessages.appNameTaken,
    slugTaken: appRuleMessages.appSlugTaken,
  });
  if (candidate.version !== undefined && !appVersion.test(candidate.version.trim()))
    problems.version = appRuleMessages.version;
  const background = hexColourProblem(candidate.headerBackgroundColour);
  if (background) problems.headerBackgroundColour = background;
  const text = hexColourProblem(candidate.headerTextColour);
  if (text) problems.headerTextColour = text;
  return problems;
}

/** What is wrong with a page's name and slug, against the other pages of its app. */
export function pageSettingsProblems(
  candidate: SettingsCandidate,
  otherPages: readonly NamedSlugged[],
): PageSettingsProblems {
  return nameAndSlug(candidate, otherPages, {
    length: appRuleMessages.pageNameLength,
    nameTaken: appRuleMessages.pageNameTaken,
    slugTaken: appRuleMessages.pageSlugTaken,
  });
}

/**
 * A slug made from a name (spec 01 §5): every character but ASCII letters, digits, hyphens and
 * underscores is stripped; lower case, since slugs match case-insensitively anyway.
 *
 * @example toSlug('Field Service!') // 'fieldservice'
 */
export function toSlug(text: string): string {
  return text
    .replace(/[^A-Za-z0-9_-]/g, '')
    .toLowerCase()
    .slice(0, urlSlugMaxLength);
}

/**
 * A slug made from `text` that none of `taken` has (case-insensitively): a number from 2 upwards
 * is appended while it clashes (spec 01 §5); `fallback` when nothing is left of the text.
 *
 * @example uniqueSlug('Field Service', ['fieldservice']) // 'fieldservice2'
 */
export function uniqueSlug(text: string, taken: Iterable<string>, fallback = 'page'): string {
  const used = new Set([...taken].map(key));
  const base = toSlug(text) || fallback;
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const candidate = `${base.slice(0, urlSlugMaxLength - suffix.length)}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * `name`, or with a space and a number from 2 upwards while one of `taken` has it
 * (case-insensitively; spec 01 §5 "unique names get a numeric suffix"), cut to stay within the
 * 80 characters a name may have.
 *
 * @example uniqueName('Welcome', ['Welcome']) // 'Welcome 2'
 */
export function uniqueName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map(key));
  const base = name.trim().slice(0, appNameLimits.max);
  if (!used.has(key(base))) return base;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${base.slice(0, appNameLimits.max - suffix.length).trimEnd()}${suffix}`;
    if (!used.has(key(candidate))) return candidate;
  }
}
