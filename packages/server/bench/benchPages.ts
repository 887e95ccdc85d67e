import { type EntityChange, newPageContent, type PlacedComponent } from '@plinth/schema';
import { contextFor } from '../src/auth/contextFor.js';
import { putEntities } from '../src/entities/putEntities.js';
import type { Services } from '../src/services.js';
import type { BenchData } from './seedBench.js';

/** Components on the bench's page: what a busy list page holds (issue 16: 30 components). */
export const benchPageComponents = 30;

/**
 * An enabled app with a page of 30 components — headings, text, hero counters, charts and reports
 * over the bench's reports, each with its style — for the 'page definition' scenario. Answers the
 * page's id. The app's name and address are new on each run, so a bench run again on its kept data
 * folder (`--data-dir`) adds an app beside the last run's rather than failing on a taken one.
 */
export async function createBenchPage(
  services: Services,
  data: BenchData,
  reports: { list: number; grouped: number },
): Promise<number> {
  const ctx = await contextFor(services, data.tenantId, data.adminId);
  const kinds: Array<(i: number) => PlacedComponent> = [
    (i) => ({
      component: {
        id: `heading${i}`,
        typeAlias: 'core:headingComponent',
        properties: { text: `Section ${i}` },
      },
    }),
    (i) => ({
      component: {
        id: `counter${i}`,
        typeAlias: 'core:heroCounterComponent',
        properties: {
          reportId: reports.list,
          label: `Amount ${i}`,
          valueColumnId: 'amount',
          aggregate: 'Sum',
        },
      },
      span: 3,
    }),
    (i) => ({
      component: {
        id: `chart${i}`,
        typeAlias: 'core:chartComponent',
        properties: {
          reportId: reports.grouped,
          title: `Pipeline ${i}`,
          categoryColumnId: 'stage',
          valueColumnId: 'amount',
          aggregate: 'Sum',
        },
      },
      span: 6,
    }),
    (i) => ({
      component: {
        id: `report${i}`,
        typeAlias: 'core:reportComponent',
        properties: { reportId: reports.list, title: `Opportunities ${i}`, rowsPerPage: 25 },
      },
    }),
    (i) => ({
      component: {
        id: `text${i}`,
        typeAlias: 'core:textComponent',
        properties: { html: `<p>Notes for section ${i}: what the numbers above mean.</p>` },
      },
      span: 4,
    }),
  ];
  const slug = `bench-${Date.now().toString(36)}`;
  const placed = Array.from({ length: benchPageComponents }, (_, i) => kinds[i % kinds.length]!(i));
  const content = newPageContent(placed);
  const changes: EntityChange[] = [
    {
      id: 'new:app',
      typeId: 'core:app',
      fields: { name: `Bench app ${slug}`, uiAppSlug: slug, uiAppEnabled: true },
    },
    {
      id: 'new:version',
      typeId: 'core:pageVersion',
      fields: { name: 'Busy page', pageVersionContent: JSON.stringify(content), pageVersionFormat: 1 },
    },
    {
      id: 'new:page',
      typeId: 'core:appPage',
      fields: { name: 'Busy page', appPageSlug: 'busy' },
      relationships: { pageInApp: { set: ['new:app'] }, pagePublishedVersion: { set: ['new:version'] } },
    },
  ];
  const made = await putEntities(ctx, { entities: changes, deleted: [] });
  return made.ids['new:page']!;
}
