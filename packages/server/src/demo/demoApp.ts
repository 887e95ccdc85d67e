import {
  type AppMenu,
  type EntityChange,
  type EntityId,
  sysField as F,
  newPageContent,
  type PageVersionContent,
  type PlacedComponent,
  type Schema,
  sysRecord,
  sysRel,
} from '@plinth/schema';
import { demoFormComponents, newAccountContent } from './demoFormPages.js';

/** The demo reports the pages show, by alias. */
export type DemoReportIds = Readonly<Record<string, number>>;

interface DemoPage {
  key: string;
  name: string;
  slug: string;
  description?: string;
  placed: PlacedComponent[];
  /** The app it is in: the Sales CRM, or the shared app for record pages. */
  app: 'new:app' | typeof sysRecord.sharedApp;
  contextEntityTypeId?: EntityId;
  type?: 'default' | 'singleRecordEdit' | 'singleRecordMultistepEdit';
  showTitleBar?: boolean;
  /** Content built beside `placed` (a multistep page's sections). */
  content?: PageVersionContent;
}

const heading = (id: string, text: string, level = 1): PlacedComponent => ({
  component: { id, typeAlias: 'core:headingComponent', name: 'Heading', properties: { text, level } },
});

const reportComponent = (id: string, reportId: number, title?: string, span?: number): PlacedComponent => ({
  component: {
    id,
    typeAlias: 'core:reportComponent',
    name: title ?? 'Report',
    properties: { reportId, ...(title ? { title } : {}), selectionVariable: `${id}Selection` },
  },
  ...(span ? { span } : {}),
});

function reportOf(reports: DemoReportIds, alias: string): number {
  const id = reports[alias];
  if (id === undefined) throw new Error(`demo report ${alias} is missing`);
  return id;
}

/**
 * The pages of the demo's Sales CRM app (issue 16 item 9): Home with a heading, two hero counters,
 * the pipeline by stage and a report; the Opportunities, Accounts and Contacts lists; a page whose
 * master filter drives its report; one form page per CRM type in the shared app (decision 0094) and
 * the multistep page that creates an account with its first contact.
 */
export function demoPages(
  schema: Schema,
  reports: DemoReportIds,
  recordButtons: Readonly<Record<string, PlacedComponent[]>> = {},
): DemoPage[] {
  const open = reportOf(reports, 'crm:openOpportunities');
  const opportunities = reportOf(reports, 'crm:opportunities');
  const listPage = (key: string, name: string, alias: string, description: string): DemoPage => ({
    key,
    name,
    slug: key,
    description,
    app: 'new:app',
    placed: [heading(`${key}Heading`, name), reportComponent(`${key}Report`, reportOf(reports, alias))],
  });
  const recordPage = (typeAlias: string, name: string): DemoPage => ({
    key: `${typeAlias.replace('crm:', '')}Record`,
    name,
    slug: `${typeAlias.replace('crm:', '')}-record`,
    app: sysRecord.sharedApp,
    type: 'singleRecordEdit',
    contextEntityTypeId: schema.typeOrThrow(typeAlias).id,
    showTitleBar: true,
    placed: [...(recordButtons[typeAlias] ?? []), ...demoFormComponents(schema, typeAlias)],
  });
  return [
    {
      key: 'home',
      name: 'Home',
      slug: 'home',
      description: 'The sales pipeline at a glance.',
      app: 'new:app',
      placed: [
        heading('homeHeading', 'Sales pipeline'),
        {
          component: {
            id: 'openCount',
            typeAlias: 'core:heroCounterComponent',
            name: 'Open opportunities',
            properties: { reportId: open, label: 'Open opportunities', aggregate: 'Count' },
          },
          span: 3,
        },
        {
          component: {
            id: 'pipelineAmount',
            typeAlias: 'core:heroCounterComponent',
            name: 'Pipeline amount',
            properties: {
              reportId: open,
              label: 'Pipeline amount',
              valueColumnId: 'amount',
              aggregate: 'Sum',
            },
          },
          span: 3,
        },
        {
          component: {
            id: 'pipelineByStage',
            typeAlias: 'core:chartComponent',
            name: 'Pipeline by stage',
            properties: {
              reportId: reportOf(reports, 'crm:opportunitiesByStage'),
              title: 'Pipeline by stage',
              chartType: 'bar',
              categoryColumnId: 'stage',
              valueColumnId: 'amount',
              aggregate: 'Sum',
            },
          },
        },
        reportComponent('openOpportunities', open, 'Open opportunities'),
      ],
    },
    listPage('opportunities', 'Opportunities', 'crm:opportunities', 'Every opportunity.'),
    listPage('accounts', 'Accounts', 'crm:accounts', 'Every account.'),
    listPage('contacts', 'Contacts', 'crm:contacts', 'Every contact.'),
    {
      key: 'pipeline',
      name: 'Filter the pipeline',
      slug: 'pipeline',
      description: 'Opportunities filtered by stage, close date and amount.',
      app: 'new:app',
      placed: [
        heading('pipelineHeading', 'Filter the pipeline'),
        {
          component: {
            id: 'pipelineFilter',
            typeAlias: 'core:filterComponent',
            name: 'Filter',
            properties: {
              targetComponentIds: ['pipelineReport'],
              columnIds: ['stage', 'closeDate', 'amount'],
            },
          },
        },
        reportComponent('pipelineReport', opportunities),
      ],
    },
    recordPage('crm:opportunity', 'Opportunity'),
    recordPage('crm:account', 'Account'),
    recordPage('crm:contact', 'Contact'),
    recordPage('crm:activity', 'Activity'),
    {
      key: 'newAccount',
      name: 'New account',
      slug: 'new-account',
      description: 'An account and its first contact, a step at a time.',
      app: sysRecord.sharedApp,
      type: 'singleRecordMultistepEdit',
      contextEntityTypeId: schema.typeOrThrow('crm:account').id,
      placed: [],
      content: newAccountContent(schema),
    },
  ];
}

/**
 * The app and its pages in one batch: the app enabled, every page with its published version.
 * The app opens on Home; the menu (which names pages by id) follows in `demoAppMenu`.
 */
export function demoAppChanges(
  schema: Schema,
  reports: DemoReportIds,
  recordButtons: Readonly<Record<string, PlacedComponent[]>> = {},
): EntityChange[] {
  const pages = demoPages(schema, reports, recordButtons);
  const app: EntityChange = {
    id: 'new:app',
    typeId: 'core:app',
    fields: {
      name: 'Sales CRM',
      alias: 'crm:salesCrm',
      description: 'Accounts, contacts, opportunities, activities and documents.',
      uiAppSlug: 'crm',
      uiAppEnabled: true,
    },
    relationships: {
      // Kept for browsers that open the app on its report (decision 0036) until the runner is in.
      appHomeReport: { set: [reportOf(reports, 'crm:opportunities')] },
      appsDefaultPage: { set: ['new:page:home'] },
    },
  };
  return [
    app,
    ...pages.flatMap((p): EntityChange[] => {
      const content =
        p.content ?? newPageContent(p.placed, { contextEntityTypeId: p.contextEntityTypeId ?? null });
      if (p.showTitleBar) content.titleBar = { pageShowTitleBar: true, format: 'recordName' };
      return [
        {
          id: `new:version:${p.key}`,
          typeId: 'core:pageVersion',
          fields: {
            name: p.name,
            pageVersionContent: JSON.stringify(content),
            pageVersionFormat: 1,
          },
        },
        {
          id: `new:page:${p.key}`,
          typeId: 'core:appPage',
          fields: {
            name: p.name,
            description: p.description ?? null,
            appPageSlug: p.slug,
            appPageType: p.type ?? 'default',
            appPageShowMenu: true,
            // The shared app's pages are also found by upgrade id (spec 01 §2).
            ...(p.app === sysRecord.sharedApp ? { upgradeId: `crm:${p.key}` } : {}),
          },
          relationships: {
            pageInApp: { set: [p.app] },
            pagePublishedVersion: { set: [`new:version:${p.key}`] },
          },
        },
      ];
    }),
  ];
}

/** The app's menu: Home, the Records folder (the three lists), then the filter page. */
export function demoAppMenu(pageIds: Readonly<Record<string, number>>): AppMenu {
  const id = (key: string) => String(pageIds[`new:page:${key}`]);
  return {
    menuOrder: [id('home'), 'records', id('pipeline')],
    menuFolders: [
      { id: 'records', text: 'Records', childOrder: [id('opportunities'), id('accounts'), id('contacts')] },
    ],
    otherOrder: [],
    otherFolders: [],
  };
}

/**
 * The menu written to the app, each CRM type's record page set as its default edit record page, and
 * the account's record page linked to its multistep page.
 */
export function demoAppLinks(
  schema: Schema,
  appId: EntityId,
  pageIds: Readonly<Record<string, number>>,
): EntityChange[] {
  const types = ['opportunity', 'account', 'contact', 'activity'];
  return [
    { id: appId, fields: { [`#${F.uiAppMenu}`]: JSON.stringify(demoAppMenu(pageIds)) } },
    ...types.map(
      (t): EntityChange => ({
        id: schema.typeOrThrow(`crm:${t}`).id,
        relationships: { [`#${sysRel.defaultEditRecordPage}`]: { set: [pageIds[`new:page:${t}Record`]!] } },
      }),
    ),
    // New accounts are made with their first contact, a step at a time (decision 0093).
    {
      id: pageIds['new:page:accountRecord']!,
      relationships: { [`#${sysRel.alternateMultistepPage}`]: { set: [pageIds['new:page:newAccount']!] } },
    },
  ];
}
