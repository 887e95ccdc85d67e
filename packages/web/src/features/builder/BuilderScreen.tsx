import {
  type AppMenu,
  type AppSettingsResponse,
  type BuilderPageResponse,
  type PageSettingsProblems,
  pageSettingsProblems,
  saveBlockers,
  unsavedChangesQuestion,
} from '@plinth/schema';
import { Button, ErrorDisplay, LoadingGrid, toast } from '@plinth/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { addLeaveGuard, navigate } from '../../app/router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { messageOf } from '../admin/public';
import { useSession } from '../auth/public';
import { previewUrl } from '../runner/public';
import { sharedPagesOf } from './appPageIssues';
import { BuilderFileTab } from './BuilderFileTab';
import { BuilderWorkspace } from './BuilderWorkspace';
import { type BuilderApi, builderApi } from './builderApi';
import {
  builderHref,
  builderMessages,
  editOf,
  hasChanges,
  isMenuChanged,
  type PageEdit,
  pageByAddress,
} from './builderPages';
import { useEditHistory } from './editHistory';
import { PageSettingsPanel } from './PageSettingsPanel';
import { PageValidationTab } from './PageValidationTab';
import { PageVariablesPanel } from './properties/PageVariablesPanel';
import { renameVariableUses } from './properties/variableRename';
import { SharedPagesTab } from './SharedPagesTab';
import { isConflict, settingErrorsOf } from './settingErrors';
import { useAppPageIssues } from './useAppPageIssues';
import './builder.css';

export interface BuilderScreenProps {
  appSlug: string;
  /** The page to open; the app's default page when null (/admin/apps/{appSlug}). */
  pageSlug: string | null;
  api?: BuilderApi;
  /** Asks before leaving unsaved changes; the browser's confirm by default. */
  confirm?: (question: string) => boolean;
}

/**
 * Where Preview opens the draft (spec 01 §2): the runner's hash route with preview=1 (and
 * formMode=view when the title bar shows); without a known tenant, the non-hosted path.
 */
function previewHref(tenant: string, appSlug: string, pageSlug: string, showsTitleBar: boolean): string {
  if (tenant) return `/${previewUrl(tenant, appSlug, pageSlug, showsTitleBar)}`;
  const query = new URLSearchParams({ preview: '1' });
  if (showsTitleBar) query.set('formMode', 'view');
  return `/apps/${encodeURIComponent(appSlug)}/${encodeURIComponent(pageSlug)}?${query}`;
}

/**
 * The page builder (spec 01 §2) at /admin/apps/{appSlug}/{pageSlug}: the left tabs, the page as the
 * runner renders it in the centre, page settings on the right; Save (the draft), Publish, Preview,
 * change detection against the page's bookmark, the unsaved-changes guard, and a save over a
 * revision someone else saved refused with the server's message while the changes stay on screen.
 */
export function BuilderScreen({ appSlug, pageSlug, api: given, confirm }: BuilderScreenProps) {
  const { client, session } = useSession();
  const tenant = session.status === 'signedIn' ? session.tenant : '';
  const api = useMemo(() => given ?? builderApi(client), [given, client]);
  const [app, setApp] = useState<AppSettingsResponse | null>(null);
  const [page, setPage] = useState<BuilderPageResponse | null>(null);
  // The page as edited, with every change kept for undo and redo (issue 20 item 7).
  const history = useEditHistory<PageEdit | null>(null);
  const edit = history.value;
  const setEdit = history.reset;
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<PageSettingsProblems>({});
  const [types, setTypes] = useState<Array<{ id: number; name: string }>>([]);
  const [isBusy, setBusy] = useState(false);
  // The menu as the File tab edits it; null while it is the app's stored menu (decision 0118).
  // The builder's left tab, kept while pages of the app open one after another.
  const [tab, setTab] = useState('components');
  const [menuEdit, setMenuEdit] = useState<AppMenu | null>(null);

  const loadApp = useCallback(async () => {
    try {
      setApp(await api.appBySlug(appSlug));
    } catch (failure) {
      setError(`${builderMessages.failedToLoadApp(appSlug)}. ${messageOf(failure)}`);
    }
  }, [api, appSlug]);
  useEffect(() => {
    setApp(null);
    setError(null);
    setMenuEdit(null);
    void loadApp();
  }, [loadApp]);
  useEffect(() => {
    api.types().then(
      (list) => setTypes(list.map((t) => ({ id: t.id, name: t.name }))),
      () => setTypes([]),
    );
  }, [api]);

  // The page the route names: by its slug in the app, or the page just saved under a new slug.
  const wanted = pageSlug?.toLowerCase() ?? null;
  const openId =
    app && wanted !== null
      ? (pageByAddress(app, wanted)?.id ??
        (page && page.settings.slug.toLowerCase() === wanted ? page.id : undefined))
      : undefined;
  useEffect(() => {
    if (!app || pageSlug !== null) return;
    const home = app.pages.find((p) => p.id === app.settings.defaultPageId) ?? app.pages[0];
    if (home) navigate(builderHref(app.settings.slug, home.slug), { replace: true });
  }, [app, pageSlug]);
  useEffect(() => {
    if (openId === undefined) return;
    const controller = new AbortController();
    setConflict(null);
    setServerProblems({});
    api.page(openId, controller.signal).then(
      (loaded) => {
        setPage(loaded);
        setEdit(editOf(loaded));
      },
      (failure) => {
        if (!controller.signal.aborted)
          setError(`${builderMessages.failedToLoadPage(String(openId))}. ${messageOf(failure)}`);
      },
    );
    return () => controller.abort();
  }, [api, openId, setEdit]);

  const current = page && page.id === openId ? page : null;
  const isPageDirty = current !== null && edit !== null && hasChanges(editOf(current), edit);
  const isMenuDirty = app !== null && menuEdit !== null && isMenuChanged(app.menu, menuEdit);
  const isDirty = isPageDirty || isMenuDirty;
  const dirtyRef = useRef(false);
  dirtyRef.current = isDirty;
  // The page and menu as edited now, read when a save answers: changes made meanwhile are kept.
  const editRef = useRef(edit);
  editRef.current = edit;
  const menuEditRef = useRef(menuEdit);
  menuEditRef.current = menuEdit;
  const confirmRef = useRef<(question: string) => boolean>(window.confirm);
  confirmRef.current = confirm ?? ((question: string) => window.confirm(question));
  // Leaving with unsaved changes asks (spec 01 §4, §8); closing the tab gets the browser's prompt.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = unsavedChangesQuestion;
    };
    window.addEventListener('beforeunload', warn);
    const remove = addLeaveGuard(() => dirtyRef.current && !confirmRef.current(unsavedChangesQuestion));
    return () => {
      window.removeEventListener('beforeunload', warn);
      remove();
    };
  }, []);
  // Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes the builder's changes; in a text box the
  // browser's own undo of the typing comes first.
  const { undo, redo } = history;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key !== 'z' && key !== 'y') return;
      if (isTextEntry(event.target) || isInDialog(event.target)) return;
      event.preventDefault();
      if (key === 'y' || event.shiftKey) redo();
      else undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
  useDocumentTitle(current ? `${current.settings.name} · Builder` : 'Builder');

  const problems: PageSettingsProblems =
    current && edit && app
      ? {
          ...pageSettingsProblems(
            { id: current.id, name: edit.settings.name, slug: edit.settings.slug },
            app.pages,
          ),
          ...serverProblems,
        }
      : {};

  const appIssues = useAppPageIssues({
    api,
    app,
    menu: menuEdit ?? app?.menu,
    openPageId: current?.id ?? null,
    openEdit: edit,
  });
  const blockers = saveBlockers(appIssues.pages.find((p) => p.isOpen)?.issues ?? []);
  const [showsBlockers, setShowsBlockers] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page opened afresh starts without the banner.
  useEffect(() => setShowsBlockers(false), [current?.id]);

  const save = async () => {
    if (!current || !edit || !app) return;
    // Spec 01 §5: saving is blocked while the page or a component has validation errors.
    if (blockers.length > 0) {
      setShowsBlockers(true);
      toast.error(blockers[0] ?? '');
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
      setPage(saved);
      // A change made while the save was on its way stays, unsaved, over the saved page.
      const isEditedMeanwhile = editRef.current !== edit;
      if (!isEditedMeanwhile) setEdit(editOf(saved));
      if (isMenuDirty && sentMenu) {
        await api.updateApp(app.id, { revision: app.revision, menu: sentMenu });
        if (menuEditRef.current === sentMenu) setMenuEdit(null);
      }
      dirtyRef.current = isEditedMeanwhile || menuEditRef.current !== sentMenu;
      setConflict(null);
      toast.success(builderMessages.saved);
      if (saved.settings.slug !== pageSlug)
        navigate(builderHref(app.settings.slug, saved.settings.slug), { replace: true });
      await loadApp();
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
      setPage(published);
      setEdit(editOf(published));
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
      dirtyRef.current = false;
      setPage(loaded);
      setEdit(editOf(loaded));
      setMenuEdit(null);
      setConflict(null);
      // The saved page may have a new slug: the address follows it, and the File tab is read again.
      if (app && loaded.settings.slug !== pageSlug)
        navigate(builderHref(app.settings.slug, loaded.settings.slug), { replace: true });
      await loadApp();
    } catch (failure) {
      toast.error(messageOf(failure));
    }
  };

  if (error) return <ErrorDisplay message={error} homeHref="/admin/apps" />;
  if (app && pageSlug !== null && openId === undefined)
    return <ErrorDisplay message={builderMessages.failedToLoadPage(pageSlug)} homeHref="/admin/apps" />;
  if (!app || !current || !edit) return <LoadingGrid columns={3} rows={6} />;

  return (
    <section className="pl-builder-screen" aria-labelledby="builder-title">
      <header className="pl-builder-screen__bar">
        <div className="pl-builder-screen__title">
          <a href="/admin/apps" className="pl-builder-screen__back">
            Apps
          </a>
          <h1 id="builder-title">
            {app.settings.name} <span aria-hidden="true">/</span> {current.settings.name}
          </h1>
          <span className="pl-admin__muted">
            {isDirty ? 'Unsaved changes' : current.hasDraft ? 'Draft saved, not published' : 'Published'}
          </span>
        </div>
        <div className="pl-builder-screen__actions">
          <Button
            variant="subtle"
            aria-keyshortcuts="Control+Z"
            isDisabled={!history.canUndo}
            onPress={history.undo}
          >
            Undo
          </Button>
          <Button
            variant="subtle"
            aria-keyshortcuts="Control+Shift+Z"
            isDisabled={!history.canRedo}
            onPress={history.redo}
          >
            Redo
          </Button>
          <a
            className="pl-builder-screen__preview"
            href={previewHref(
              tenant,
              app.settings.slug,
              current.settings.slug,
              edit.content.titleBar.pageShowTitleBar,
            )}
            target="_blank"
            rel="noopener"
          >
            Preview
          </a>
          <Button
            variant="outline"
            isDisabled={isBusy || isDirty || !current.hasDraft}
            onPress={() => void publish()}
          >
            Publish
          </Button>
          <Button variant="primary" isDisabled={isBusy || !isDirty} onPress={() => void save()}>
            Save
          </Button>
        </div>
      </header>
      {conflict && (
        <div role="alert" className="pl-builder-screen__conflict">
          <p>{conflict}</p>
          <Button size="small" variant="outline" onPress={() => void reload()}>
            Reload the saved page
          </Button>
        </div>
      )}
      {showsBlockers && blockers.length > 0 && (
        <div role="alert" className="pl-builder-screen__conflict" aria-label="Save blocked">
          <ul>
            {blockers.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      <BuilderWorkspace
        tab={tab}
        onTabChange={setTab}
        content={edit.content}
        onContentChange={(content, key) => history.set((e) => (e ? { ...e, content } : e), key)}
        fileTab={
          <BuilderFileTab
            api={api}
            app={app}
            menu={menuEdit ?? app.menu}
            onMenuChange={setMenuEdit}
            openPageId={current.id}
            openPageRevision={current.revision}
            onAppChanged={async () => {
              // The File tab wrote any menu edits before changing the app's pages.
              setMenuEdit(null);
              await loadApp();
            }}
            onOpen={(slug) => navigate(builderHref(app.settings.slug, slug))}
          />
        }
        validationTab={<PageValidationTab appSlug={app.settings.slug} issues={appIssues} />}
        sharedPagesTab={<SharedPagesTab app={app} openPageId={current.id} />}
        sharedIssuesTab={
          appIssues.hasSharedPageIssues ? (
            <PageValidationTab
              appSlug={app.settings.slug}
              issues={{ ...appIssues, pages: sharedPagesOf(appIssues.pages) }}
              label="Issues in shared pages"
            />
          ) : undefined
        }
        pageSettings={
          <>
            <PageSettingsPanel
              edit={edit}
              problems={problems}
              types={types}
              onChange={(next) => {
                setServerProblems({});
                history.set(next, 'page-settings');
              }}
            />
            <PageVariablesPanel
              variables={edit.content.variables}
              onChange={(variables, key, renamed) =>
                history.set((e) => {
                  if (!e) return e;
                  const content = { ...e.content, variables };
                  // A renamed variable's uses on the page follow it, in the same undo step.
                  return {
                    ...e,
                    content: renamed ? renameVariableUses(content, renamed.from, renamed.to) : content,
                  };
                }, key)
              }
            />
          </>
        }
      />
    </section>
  );
}

/** Whether keys typed at a target edit text (an input, a text area, a rich-text or code editor). */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  );
}

/** Whether a key went to an open dialog (its own keys; the page behind it is not changed). */
function isInDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;
}
