import type { NavigationAction, PageSummary, PageVersionContent } from '@plinth/schema';
import type { PageBus, PageFormMode } from './pageBus';

/** Where a page runs: its app, the page itself, its record (for form pages) and form mode. */
export interface PageContext {
  app: { id: number; slug: string; name: string };
  page: PageSummary;
  record?: { id: number; typeId: number; name: string | null } | null;
  formMode: PageFormMode;
  /**
   * Without a record, where the new one starts related: to `record`, through its end `key` (the
   * runner's relEid, relTypeId and relDir; decision 0108).
   */
  newRecordLink?: { key: string; record: { id: number; name: string | null } } | undefined;
}

export interface PageRendererProps {
  /** The page version to show: the published one in the runner, the draft in a preview. */
  content: PageVersionContent;
  context: PageContext;
  /** A component asked to go somewhere; the runner resolves it to a route or a modal. */
  onNavigate(action: NavigationAction): void;
  /** The page became dirty (any component reports unsaved changes) or clean again. */
  onDirtyChange?(dirty: boolean): void;
  /** The host's bus, to send SAVE, REFRESH, … and hear SAVE_SUCCEEDED; the page makes one if absent. */
  bus?: PageBus;
}
