import type { BuilderConflictDetails } from '@plinth/schema';
import { AppError } from '../http/errors.js';

/** The builder's own messages (decisions 0112–0114); the spec's are verbatim. */
export const builderMessages = {
  appNotFound: 'The app was not found.',
  pageNotFound: 'The page was not found.',
  aliasTaken: 'Another record already has this alias.',
  sharedAppSettings: "The shared app's settings cannot be changed.",
  sharedAppDelete: 'The shared app cannot be deleted: it holds the form pages of every object.',
  defaultPageDelete: "The app's default page cannot be deleted. Make another page the default page first.",
  invalidDefinition: 'The page definition is not valid.',
  menuWithoutRevision:
    "Send the app's revision with its menu, so a menu someone saved since is not overwritten.",
  /** Spec 01 §4 "Delete a page". */
  pageDeleted: 'Page deleted',
  /** Spec 01 §4 "Duplicate a page", within its app. */
  duplicated: (page: string) => `${page} was duplicated`,
  /** Spec 01 §4 "Duplicate a page", to another app (the spec's spelling). */
  copiedToApp: (page: string, app: string) =>
    `'${page}' was succesfully copied to the '${app}' app's other pages.`,
  /** Decision 0121. */
  appDeleted: (app: string, pages: number) =>
    `The app '${app}' was deleted with its ${pages === 1 ? 'page' : `${pages} pages`}.`,
  pagesNotShown: (app: string, pages: readonly string[]) =>
    `The app '${app}' now has ${pages.length === 1 ? 'a page' : 'pages'} you were not shown (${pages
      .map((p) => `'${p}'`)
      .join(', ')}), so nothing was deleted. Delete it again to see every page it takes.`,
  defaultEditPageUse: (page: string, type: string) =>
    `'${page}' is the default edit page of ${type}: ${type} will have none.`,
  alternatePageUse: (page: string, app: string, alternate: string) =>
    `'${page}' in the app '${app}' has '${alternate}' as its alternate page: it will have none.`,
} as const;

/** Who saved a record last, as a conflict names them. */
export interface LastSaver {
  /** Their user name, or null when the record does not say. */
  name: string | null;
  isCaller: boolean;
}

/**
 * A save over a page someone saved since it was loaded (issue 20 item 6, decision 0113): nothing
 * was written, and the message says how to keep both.
 */
export function pageConflict(page: string, saver: LastSaver, details: BuilderConflictDetails): AppError {
  const message = saver.isCaller
    ? `You saved the page '${page}' in another window or tab after you opened it here, so these changes were not saved. Nothing was overwritten: reload the page to see the saved version, or keep these changes on screen and save them as a new page.`
    : `${saver.name ?? 'Someone else'} saved the page '${page}' after you opened it, so your changes were not saved. Nothing was overwritten: reload the page to see their changes, or keep yours on screen and save them as a new page.`;
  return new AppError('conflict', message, details);
}

/**
 * A change to an app's settings or menu, or its delete, over a revision someone saved since:
 * nothing was written (or deleted).
 */
export function appConflict(
  app: string,
  saver: LastSaver,
  details: BuilderConflictDetails,
  action: 'change' | 'delete' = 'change',
): AppError {
  if (action === 'delete') {
    const who = saver.isCaller ? 'You' : (saver.name ?? 'Someone else');
    const where = saver.isCaller ? ' in another window or tab' : '';
    return new AppError(
      'conflict',
      `${who} saved the app '${app}'${where} after you asked to delete it, so it was not deleted. Look at the app again, then delete it if you still want to.`,
      details,
    );
  }
  const message = saver.isCaller
    ? `You saved the app '${app}' in another window or tab after you opened it here, so these changes were not saved. Nothing was overwritten: reload the app to see the saved settings, then make these changes again.`
    : `${saver.name ?? 'Someone else'} saved the app '${app}' after you opened it, so your changes were not saved. Nothing was overwritten: reload the app to see their changes, then make yours again.`;
  return new AppError('conflict', message, details);
}
