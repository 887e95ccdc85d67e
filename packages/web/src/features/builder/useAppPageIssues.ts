import type { AppMenu, AppSettingsResponse, BuilderPageResponse } from '@plinth/schema';
import { useEffect, useMemo, useRef, useState } from 'react';
import { messageOf } from '../admin/public';
import { appPageIssues, hasSharedPageIssues, type PageWithIssues } from './appPageIssues';
import type { BuilderApi } from './builderApi';
import type { PageEdit } from './builderPages';

export interface UseAppPageIssuesOptions {
  api: BuilderApi;
  /** The app, or null while it loads (the builder calls this before its first answer). */
  app: AppSettingsResponse | null;
  /** The menu as edited in the builder; the app's stored menu when not given. */
  menu?: AppMenu | undefined;
  /** The page open in the builder and its unsaved edit; null while they load. */
  openPageId: number | null;
  openEdit: PageEdit | null;
}

export interface AppPageIssues {
  /** Every page of the app loaded so far, with its issues, in the File tab's order. */
  pages: PageWithIssues[];
  /** The other pages are still being read. */
  isLoading: boolean;
  /** Pages that could not be read, with why. */
  failures: Array<{ pageId: number; name: string; message: string }>;
  /** A shared (form) page has issues: show the 'Issues in shared pages' tab. */
  hasSharedPageIssues: boolean;
}

/**
 * The issues of every page of the app for the Page Validation and 'Issues in shared pages' tabs:
 * the other pages are read through the builder api, each again only when its revision moves on (a
 * save or publish, here or by someone else, as the app's page list tells); the open page is
 * checked as edited.
 */
export function useAppPageIssues({
  api,
  app,
  menu,
  openPageId,
  openEdit,
}: UseAppPageIssuesOptions): AppPageIssues {
  const [loaded, setLoaded] = useState<ReadonlyMap<number, BuilderPageResponse>>(new Map());
  const [isLoading, setIsLoading] = useState(false);
  const [failures, setFailures] = useState<AppPageIssues['failures']>([]);
  const others = app?.pages.filter((p) => p.id !== openPageId) ?? [];
  // Each other page by its revision: a page is read again only when a save or publish moved it on.
  const othersKey = others.map((p) => `${p.id}@${p.revision ?? ''}`).join(',');
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the other pages or their revisions change.
  useEffect(() => {
    if (!app) return;
    const controller = new AbortController();
    const kept = loadedRef.current;
    const isCurrent = (page: (typeof others)[number]) => {
      const read = kept.get(page.id);
      return read !== undefined && page.revision !== undefined && read.revision === page.revision;
    };
    const stale = others.filter((page) => !isCurrent(page));
    setIsLoading(stale.length > 0);
    void Promise.all(
      stale.map((page) =>
        api.page(page.id, controller.signal).then(
          (read) => ({ ok: true as const, read }),
          (error: unknown) => ({ ok: false as const, page, message: messageOf(error) }),
        ),
      ),
    ).then((answers) => {
      if (controller.signal.aborted) return;
      const next = new Map<number, BuilderPageResponse>();
      for (const page of others) {
        const read = kept.get(page.id);
        if (read && isCurrent(page)) next.set(page.id, read);
      }
      const failed: AppPageIssues['failures'] = [];
      for (const answer of answers)
        if (answer.ok) next.set(answer.read.id, answer.read);
        else failed.push({ pageId: answer.page.id, name: answer.page.name, message: answer.message });
      setLoaded(next);
      setFailures(failed);
      setIsLoading(false);
    });
    return () => controller.abort();
  }, [api, app?.id, othersKey]);

  const pages = useMemo(
    () =>
      app
        ? appPageIssues(
            app,
            menu ?? app.menu,
            loaded,
            openPageId !== null && openEdit ? { id: openPageId, edit: openEdit } : null,
          )
        : [],
    [app, menu, loaded, openPageId, openEdit],
  );
  return { pages, isLoading, failures, hasSharedPageIssues: hasSharedPageIssues(pages) };
}
