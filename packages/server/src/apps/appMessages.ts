/** The apps' and pages' validation messages (spec 01 §5 verbatim; the others decision 0064). */
export const appMessages = {
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
} as const;

export const nameLength = { min: 4, max: 80 } as const;
export const slugPattern = /^[A-Za-z0-9_-]+$/;
