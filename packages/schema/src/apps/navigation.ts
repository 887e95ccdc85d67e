import type { QueryCondition } from '../contracts/reportContracts.js';

/**
 * The runner's navigation actions (spec 01 §2). Components and buttons ask for one; the runner
 * resolves it to a route, in the page or in a modal, and appends the breadcrumb unless told not to.
 */
export type OpenAs = 'default' | 'modal';
export type FormMode = 'view' | 'edit' | 'new';
/** How the move changes the breadcrumb trail: appended by default. */
export type BreadcrumbAction = 'append' | 'none' | 'reset';

interface Common {
  openAs?: OpenAs;
  breadcrumbAction?: BreadcrumbAction;
}

export type NavigationAction = Common &
  (
    | { type: 'NAVIGATE_TO_PAGE'; pageId?: number; pageSlug?: string; appSlug?: string; recordId?: number }
    | {
        type: 'NAVIGATE_TO_FORM_PAGE';
        /** The record, or the entity a component on the page saved (its id is taken after the save). */
        recordId?: number;
        savedByComponentId?: string;
        pageId?: number;
        formMode: FormMode;
        /** The type of the record to create, in new mode. */
        typeId?: number;
      }
    | { type: 'NAVIGATE_TO_FORM'; recordId?: number; typeId?: number; formId?: number; formMode: FormMode }
    /** Always in view mode. */
    | { type: 'NAVIGATE_TO_TASK'; taskId: number }
    | { type: 'NAVIGATE_TO_NEW_RESOURCE_PAGE'; typeId: number; pageId?: number }
    | {
        type: 'NAVIGATE_TO_REPORT';
        reportId: number;
        /**
         * Shown in a modal: the conditions it opens with (a page filter's, as its opener shows it)
         * and whether it opens read-only (its opener is). Neither is part of its address.
         */
        conditions?: QueryCondition[];
        isReadOnly?: boolean;
      }
  );

export type NavigationActionType = NavigationAction['type'];

/** The navigation warnings of spec 01 §8, verbatim. */
export const navigationWarnings = {
  otherApp: 'Navigation to pages in different Apps is not implemented in the AppRunner yet',
  pageNotFound: (id: number | string) => `Can not navigate to page ${id}. Page not found`,
  samePage: (name: string) => `Not navigating to page ${name}. Destination page matches current page`,
  emptyHostQuery: (name: string) => `Not navigating to page ${name}. Host query is empty.`,
  emptyUrl: (name: string) => `Not navigating to page ${name}. Url is empty.`,
} as const;

/** The unsaved-changes guard's question (spec 01 §4). */
export const unsavedChangesQuestion = 'There are unsaved changes, are you sure you wish to leave the page?';
