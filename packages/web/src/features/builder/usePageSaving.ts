import {
  type AppMenu,
  type AppSettingsResponse,
  type BuilderPageResponse,
  type PageSettingsProblems,
  uniqueName,
} from '@plinth/schema';
import { toast } from '@plinth/ui';
import { type MutableRefObject, useCallback, useState } from 'react';
import { navigate } from '../../app/router';
import { messageOf } from '../admin/public';
import type { BuilderApi } from './builderApi';
import { builderHref, builderMessages, editOf, type PageEdit } from './builderPages';
import { isConflict, settingErrorsOf } from './settingErrors';

/** What the builder screen holds that saving reads and writes. */
export interface PageSavingState {
  api: BuilderApi;
  app: AppSettingsResponse | null;
  /** The page as last loaded or saved. */
  current: BuilderPageResponse | null;
  edit: PageEdit | null;
  menuEdit: AppMenu | null;
  isPageDirty: boolean;
  isMenuDirty: boolean;
  /** The route's page slug: a saved page's new slug replaces it. */
  pageSlug: string | null;
  /** Spec 01 §5's blocking messages; a save is refused while there are any. */
  blockers: readonly string[];
  /** The edits as they are now, read when a save answers: changes made meanwhile are kept. */
  editRef: MutableRefObject<PageEdit | null>;
  menuEditRef: MutableRefObject<AppMenu | null>;
  /** Whether leaving asks first; a save or reload clears it. */
  dirtyRef: MutableRefObject<boolean>;
  setPage(page: BuilderPageResponse): void;
  /** Starts the edit history afresh from a page as stored. */
  resetEdit(edit: PageEdit): void;
  setMenuEdit(menu: AppMenu | null): void;
  loadApp(): Promise<void>;
  /** Shows the save-blocked banner. */
  showBlockers(): void;
}

/**
 * Save (the page's draft, then the menu), Publish, Reload after a conflict, and Save as a new page
 * (spec 01 §4; issue 20 items 5–6): a save over a revision someone else saved is refused with the
 * server's message, and the changes stay on screen to be reloaded over or kept as a new page.
 */
export function usePageSaving(state: PageSavingState) {
  const { api, app, current, edit, menuEdit, isPageDirty, isMenuDirty, pageSlug } = state;
  const [isBusy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<PageSettingsProblems>({});
  /** A page opened afresh starts without the last page's conflict and server messages. */
  const forgetOutcome = useCallback(() => {
    setConflict(null);
    setServerProblems({});
  }, []);

  const save = async () => {
    if (!current || !edit || !app) return;
    // Spec 01 §5: saving is blocked while the page or a component has validation errors.
    if (state.blockers.length > 0) {
      state.showBlockers();
      toast.error(state.blockers[0] ?? '');
      return;
    }
    setBusy(true);
    const sentMenu = menuEdit;
    try {
      // Spec 01 §4: the page, then the menu and app; what did not change is not written.
      const saved = isPageDirty
        ? await api.savePage(current.id, {
            revision: current.revision,
            settings: edit.settings,
            content: edit.content,
          })
        : current;
      state.setPage(saved);
      // A change made while the save was on its way stays, unsaved, over the saved page.
      const isEditedMeanwhile = state.editRef.current !== edit;
      if (!isEditedMeanwhile) state.resetEdit(editOf(saved));
      if (isMenuDirty && sentMenu) {
        await api.updateApp(app.id, { revision: app.revision, menu: sentMenu });
        if (state.menuEditRef.current === sentMenu) state.setMenuEdit(null);
      }
      state.dirtyRef.current = isEditedMeanwhile || state.menuEditRef.current !== sentMenu;
      setConflict(null);
      toast.success(builderMessages.saved);
      if (saved.settings.slug !== pageSlug)
        navigate(builderHref(app.settings.slug, saved.settings.slug), { replace: true });
      await state.loadApp();
    } catch (failure) {
      if (isConflict(failure)) setConflict(failure.message);
      else {
        const byField = settingErrorsOf(failure);
        if (byField && (byField.name || byField.slug))
          setServerProblems({
            ...(byField.name ? { name: byField.name } : {}),
            ...(byField.slug ? { slug: byField.slug } : {}),
          });
        toast.error(messageOf(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    if (!current) return;
    setBusy(true);
    try {
      const published = await api.publishPage(current.id, current.revision);
      state.setPage(published);
      state.resetEdit(editOf(published));
      toast.success(builderMessages.published);
    } catch (failure) {
      if (isConflict(failure)) setConflict(failure.message);
      else toast.error(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    if (!current) return;
    try {
      const loaded = await api.page(current.id);
      state.dirtyRef.current = false;
      state.setPage(loaded);
      state.resetEdit(editOf(loaded));
      state.setMenuEdit(null);
      setConflict(null);
      // The saved page may have a new slug: the address follows it, and the File tab is read again.
      if (app && loaded.settings.slug !== pageSlug)
        navigate(builderHref(app.settings.slug, loaded.settings.slug), { replace: true });
      await state.loadApp();
    } catch (failure) {
      toast.error(messageOf(failure));
    }
  };

  /** The conflict's other way out: the edited page kept as a new page of the app, then opened. */
  const saveAsNewPage = async () => {
    if (!edit || !app) return;
    setBusy(true);
    try {
      const name = uniqueName(
        builderMessages.copyName(edit.settings.name),
        app.pages.map((p) => p.name),
      );
      const made = await api.createPage(app.id, { name, type: edit.settings.type, content: edit.content });
      // Its other settings as edited too; the alternates stay the old page's (they are one to one).
      const {
        name: _n,
        slug: _s,
        alternateMultistepPageId: _m,
        alternateEditRecordPageId: _e,
        ...rest
      } = edit.settings;
      await api
        .savePage(made.id, { revision: made.revision, settings: rest, content: edit.content })
        .catch((failure: unknown) => toast.error(messageOf(failure)));
      setConflict(null);
      toast.success(builderMessages.savedAsNewPage(made.settings.name));
      await state.loadApp();
      // The changes are the new page's now: opening it does not ask about them.
      state.dirtyRef.current = false;
      navigate(builderHref(app.settings.slug, made.settings.slug));
    } catch (failure) {
      toast.error(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return {
    isBusy,
    conflict,
    serverProblems,
    clearServerProblems: () => setServerProblems({}),
    forgetOutcome,
    save,
    publish,
    reload,
    saveAsNewPage,
  };
}
