import { createContext, useContext } from 'react';

/** The question asked before a link to another site opens (spec 03 §8), verbatim. */
export const leaveSiteMessage = 'You are about to leave this site. Are you sure?';

/**
 * Whether links to other sites ask `leaveSiteMessage` first: on unless the tenant turns it off
 * (its setting 'confirmExternalLinks', provided where the tenant's settings are known).
 */
export const ExternalLinkConfirmation = createContext(true);

export const useExternalLinkConfirmation = () => useContext(ExternalLinkConfirmation);

/** Whether an address leads away from this site (another origin); relative ones stay. */
export function leavesSite(href: string, here: string = window.location.href): boolean {
  try {
    return new URL(href, here).origin !== new URL(here).origin;
  } catch {
    return true;
  }
}
