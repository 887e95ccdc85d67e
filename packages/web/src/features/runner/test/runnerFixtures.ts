import type { PageSummary, RunnerAppResponse, RunnerPageResponse } from '@plinth/schema';
import { defaultPageConfiguration } from '@plinth/schema';

export const page = (
  id: number,
  name: string,
  slug: string,
  extra: Partial<PageSummary> = {},
): PageSummary => ({
  id,
  name,
  slug,
  description: null,
  type: 'default',
  hidden: false,
  showMenu: true,
  showInSitemap: true,
  icon: null,
  contextEntityTypeId: null,
  isDefaultEditRecordPage: false,
  ...extra,
});

/** The demo's shape: Home, a Sales folder (Opportunities, Accounts), a hidden page, a record page. */
export const crmApp = (extra: Partial<RunnerAppResponse> = {}): RunnerAppResponse => ({
  id: 70,
  slug: 'crm',
  name: 'Sales CRM',
  displayAlias: null,
  description: 'Accounts, contacts and opportunities.',
  version: '1.0.0',
  icon: null,
  isEnabled: true,
  allowsAnonymous: false,
  isSharedApp: false,
  menu: {
    menuOrder: ['1', 'sales', '5'],
    menuFolders: [{ id: 'sales', text: 'Sales', childOrder: ['2', '3'] }],
    otherOrder: ['6', '4'],
    otherFolders: [],
  },
  menuShowDefault: true,
  menuShowAppName: true,
  menuAppNameHome: true,
  menuAppNameAlign: 'left',
  footerText: null,
  headerBackgroundColour: null,
  headerTextColour: null,
  defaultPageId: 1,
  pages: [
    page(1, 'Home', 'home'),
    page(2, 'Opportunities', 'opportunities'),
    page(3, 'Accounts', 'accounts'),
    page(4, 'Account', 'account', {
      type: 'singleRecordEdit',
      contextEntityTypeId: 30,
      isDefaultEditRecordPage: true,
    }),
    page(5, 'Drafts', 'drafts', { hidden: true }),
    page(6, 'Pipeline filter', 'pipeline-filter', { showInSitemap: true }),
  ],
  ...extra,
});

export const pageResponse = (
  summary: PageSummary,
  extra: Partial<RunnerPageResponse['content']> = {},
): RunnerPageResponse => ({
  app: { id: 70, slug: 'crm', name: 'Sales CRM' },
  page: summary,
  versionKind: 'published',
  versionId: 100 + summary.id,
  content: {
    components: [],
    configuration: defaultPageConfiguration(),
    contextEntityTypeId: summary.contextEntityTypeId,
    testResourceId: null,
    titleBar: { pageShowTitleBar: false, format: 'recordName' },
    variables: [],
    ...extra,
  },
});

export const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
