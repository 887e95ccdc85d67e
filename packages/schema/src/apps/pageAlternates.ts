import type { PageType } from './pageDefinition.js';

/** What the alternate-page rules need of a page of the app. */
export interface AlternatePageRef {
  id: number;
  name: string;
  type: PageType;
  /** The type of record the page takes as input. */
  contextEntityTypeId: number | null;
}

/** A page's two alternates (spec 01 §4 "Default edit form"): each a page id, or null. */
export interface PageAlternates {
  alternateMultistepPageId: number | null;
  alternateEditRecordPageId: number | null;
}

export const alternateMessages = {
  onlyFormPages: 'Only a form page (one record) can have alternate pages.',
  multistep:
    'The alternate multistep page must be a multistep form page of this app taking the same Object as input.',
  edit: 'The alternate edit page must be another form page (one record) of this app taking the same Object as input.',
} as const;

const takesSameInput = (page: AlternatePageRef, other: AlternatePageRef) =>
  page.contextEntityTypeId !== null && other.contextEntityTypeId === page.contextEntityTypeId;

/**
 * The pages of its app a page may name as its alternates (spec 01 §4): only a single-record form
 * page has them; its multistep alternate is a multistep page, its edit alternate another form page,
 * each taking the same Object as input.
 */
export function alternatePageChoices(
  page: AlternatePageRef,
  pages: readonly AlternatePageRef[],
): { multistep: AlternatePageRef[]; edit: AlternatePageRef[] } {
  if (page.type !== 'singleRecordEdit') return { multistep: [], edit: [] };
  const same = pages.filter((p) => p.id !== page.id && takesSameInput(page, p));
  return {
    multistep: same.filter((p) => p.type === 'singleRecordMultistepEdit'),
    edit: same.filter((p) => p.type === 'singleRecordEdit'),
  };
}

/** Why a page's alternates cannot be stored, by setting; empty when they can. */
export function alternatePageProblems(
  page: AlternatePageRef,
  alternates: PageAlternates,
  pages: readonly AlternatePageRef[],
): Partial<Record<keyof PageAlternates, string>> {
  const { alternateMultistepPageId: multistep, alternateEditRecordPageId: edit } = alternates;
  if (multistep === null && edit === null) return {};
  if (page.type !== 'singleRecordEdit') {
    return {
      ...(multistep !== null ? { alternateMultistepPageId: alternateMessages.onlyFormPages } : {}),
      ...(edit !== null ? { alternateEditRecordPageId: alternateMessages.onlyFormPages } : {}),
    };
  }
  const choices = alternatePageChoices(page, pages);
  const isIn = (list: AlternatePageRef[], id: number) => list.some((p) => p.id === id);
  return {
    ...(multistep !== null && !isIn(choices.multistep, multistep)
      ? { alternateMultistepPageId: alternateMessages.multistep }
      : {}),
    ...(edit !== null && !isIn(choices.edit, edit)
      ? { alternateEditRecordPageId: alternateMessages.edit }
      : {}),
  };
}
