import {
  type AppMenu,
  type AppSettingsResponse,
  alternatePageProblems,
  type BuilderPageResponse,
  type PageSettingsProblems,
  pageSettingsProblems,
  saveBlockers,
  sysRecord,
} from '@plinth/schema';
import { Button, ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { navigate } from '../../app/router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { adminApi, messageOf } from '../admin/public';
import { useSession } from '../auth/public';
import { sharedPagesOf } from './appPageIssues';
import { BuilderBar } from './BuilderBar';
import { BuilderFileTab } from './BuilderFileTab';
import { BuilderWorkspace } from './BuilderWorkspace';
import { type BuilderApi, builderApi } from './builderApi';
import { useLeaveGuard, useUndoKeys } from './builderGuards';
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
import { useAppPageIssues } from './useAppPageIssues';
import { usePageSaving } from './usePageSaving';
import './builder.css';

export interface BuilderScreenProps {
  appSlug: string;
  /** The page to open; the app's default page when null (/admin/apps/{appSlug}). */
  pageSlug: string | null;
  api?: BuilderApi;
  /** Asks before leaving unsaved changes; the browser's confirm by default. */
  confirm?: (question: string) => boolean;
}

type Named = { id: number; name: string };

/** The tenant's Objects (a page's input) and roles (who may display it), for the page settings. */
function usePageSettingChoices(api: BuilderApi) {
  const { client } = useSession();
  const [types, setTypes] = useState<Named[]>([]);
  const [roles, setRoles] = useState<Named[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api.types(controller.signal).then(
      (list) => setTypes(list.map((t) => ({ id: t.id, name: t.name }))),
      () => setTypes([]),
    );
    adminApi(client)
      .roles(controller.signal)
      .then(
        (access) =>
          setRoles(
            access.roles.filter((r) => r.id !== sysRecord.everyoneRole).map(({ id, name }) => ({ id, name })),
          ),
        () => setRoles([]),
      );
    return () => controller.abort();
  }, [api, client]);
  return { types, roles };
}

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
  const { types, roles } = usePageSettingChoices(api);
  // The builder's left tab, kept while pages of the app open one after another.
  const [tab, setTab] = useState('components');
  // The menu as the File tab edits it; null while it is the app's stored menu (decision 0118).
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
  useLeaveGuard(dirtyRef, confirm);
  useUndoKeys(history.undo, history.redo);
  useDocumentTitle(current ? `${current.settings.name} · Builder` : 'Builder');

  const appIssues = useAppPageIssues({
    api,
    app,
    menu: menuEdit ?? app?.menu,
    openPageId: current?.id ?? null,
    openEdit: edit,
  });
  // Alternate pages the app no longer offers (a page's type or input changed since) block a save too.
  const alternateProblems =
    current && edit && app
      ? Object.values(
          alternatePageProblems(
            {
              id: current.id,
              name: edit.settings.name,
              type: edit.settings.type,
              contextEntityTypeId: edit.content.contextEntityTypeId,
            },
            edit.settings,
            app.pages.filter((p) => p.id !== current.id),
          ),
        )
      : [];
  const blockers = [
    ...saveBlockers(appIssues.pages.find((p) => p.isOpen)?.issues ?? []),
    ...alternateProblems,
  ];
  const [showsBlockers, setShowsBlockers] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page opened afresh starts without the banner.
  useEffect(() => setShowsBlockers(false), [current?.id]);

  const saving = usePageSaving({
    api,
    app,
    current,
    edit,
    menuEdit,
    isPageDirty,
    isMenuDirty,
    pageSlug,
    blockers,
    editRef,
    menuEditRef,
    dirtyRef,
    setPage,
    resetEdit: setEdit,
    setMenuEdit,
    loadApp,
    showBlockers: () => setShowsBlockers(true),
  });
  const { forgetOutcome } = saving;
  useEffect(() => {
    if (openId === undefined) return;
    const controller = new AbortController();
    forgetOutcome();
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
  }, [api, openId, setEdit, forgetOutcome]);

  const problems: PageSettingsProblems =
    current && edit && app
      ? {
          ...pageSettingsProblems(
            { id: current.id, name: edit.settings.name, slug: edit.settings.slug },
            app.pages,
          ),
          ...saving.serverProblems,
        }
      : {};

  if (error) return <ErrorDisplay message={error} homeHref="/admin/apps" />;
  if (app && pageSlug !== null && openId === undefined)
    return <ErrorDisplay message={builderMessages.failedToLoadPage(pageSlug)} homeHref="/admin/apps" />;
  if (!app || !current || !edit) return <LoadingGrid columns={3} rows={6} />;

  return (
    <section className="pl-builder-screen" aria-labelledby="builder-title">
      <BuilderBar
        tenant={tenant}
        appName={app.settings.name}
        appSlug={app.settings.slug}
        pageName={current.settings.name}
        pageSlug={current.settings.slug}
        showsTitleBar={edit.content.titleBar.pageShowTitleBar}
        isDirty={isDirty}
        hasDraft={current.hasDraft}
        isBusy={saving.isBusy}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        onUndo={history.undo}
        onRedo={history.redo}
        onPublish={() => void saving.publish()}
        onSave={() => void saving.save()}
      />
      {saving.conflict && (
        <div role="alert" className="pl-builder-screen__conflict">
          <p>{saving.conflict}</p>
          <Button size="small" variant="outline" onPress={() => void saving.reload()}>
            Reload the saved page
          </Button>
          <Button
            size="small"
            variant="outline"
            isDisabled={saving.isBusy}
            onPress={() => void saving.saveAsNewPage()}
          >
            Save as a new page
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
        pageSettings={(editGrid) => (
          <>
            <PageSettingsPanel
              pageId={current.id}
              edit={edit}
              problems={problems}
              types={types}
              roles={roles}
              pages={app.pages}
              onEditGrid={editGrid}
              onChange={(next) => {
                saving.clearServerProblems();
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
        )}
      />
    </section>
  );
}
