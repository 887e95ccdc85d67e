import {
  defaultPageConfiguration,
  type LayoutElement,
  type NavigationAction,
  type PageComponentInput,
  type PageVersionContent,
  pageVersionContent,
} from '@plinth/schema';
import { render } from '@testing-library/react';
import { type FakeHandler, fakeApi } from '../../test/fakeApi';
import { SessionProvider } from '../auth/public';
import { PageRenderer } from './PageRenderer';
import { createPageBus, type PageBus } from './pageBus';
import type { PageContext } from './pageRendererTypes';

export const testMe = {
  tenantId: 1,
  userId: 2,
  username: 'admin',
  isAdmin: true,
  roleIds: [1],
  csrfToken: 't',
};
export const testSettings = {
  tenantName: 'Demo',
  currencySymbol: '$',
  nameFieldLabel: 'Name',
  timeZone: 'UTC',
  locale: 'en-AU',
  financialYearStartMonth: 7,
};

export const testContext: PageContext = {
  app: { id: 1, slug: 'crm', name: 'CRM' },
  page: {
    id: 50,
    name: 'Home',
    slug: 'home',
    description: null,
    type: 'default',
    hidden: false,
    showMenu: true,
    showInSitemap: true,
    icon: null,
    contextEntityTypeId: null,
    isDefaultEditRecordPage: false,
  },
  record: null,
  formMode: 'default',
};

/** A component element of the layout for a page component id. */
export const element = (id: string, extra: Partial<LayoutElement> = {}): LayoutElement => ({
  id,
  type: 'component',
  isContainer: false,
  elements: [],
  styles: {},
  ...extra,
});

export const container = (
  id: string,
  elements: LayoutElement[],
  extra: Partial<LayoutElement> = {},
): LayoutElement => ({
  id,
  type: 'container',
  isContainer: true,
  elements,
  styles: {},
  ...extra,
});

/** A page version with these components placed in the root grid as the layout says. */
export function pageContent(components: PageComponentInput[], layout?: LayoutElement[]): PageVersionContent {
  const configuration = defaultPageConfiguration();
  configuration.root.elements = layout ?? components.map((c) => element(c.id));
  return pageVersionContent.parse({ components, configuration });
}

/** Renders a page over a fake server; `/auth/me` and tenant settings are answered for it. */
export function renderPage(
  content: PageVersionContent,
  handler: FakeHandler = () => ({
    status: 404,
    body: { error: { code: 'not_found', message: 'Not found.' } },
  }),
  options: { context?: Partial<PageContext>; bus?: PageBus } = {},
) {
  const { api, requests } = fakeApi((path, body, method) => {
    if (path === '/auth/me') return { status: 200, body: testMe };
    if (path === '/spapi/data/v1/tenantSettings') return { status: 200, body: testSettings };
    return handler(path, body, method);
  });
  const navigations: NavigationAction[] = [];
  const bus = options.bus ?? createPageBus();
  const dirty: boolean[] = [];
  const tree = (context: Partial<PageContext>) => (
    <SessionProvider client={api}>
      <PageRenderer
        content={content}
        context={{ ...testContext, ...context }}
        onNavigate={(action) => navigations.push(action)}
        onDirtyChange={(isDirty) => dirty.push(isDirty)}
        bus={bus}
      />
    </SessionProvider>
  );
  const view = render(tree(options.context ?? {}));
  /** Renders the same page again in another context (a form-mode change, say). */
  const rerenderWith = (context: Partial<PageContext>) => view.rerender(tree(context));
  return { ...view, requests, navigations, bus, dirty, rerenderWith };
}
