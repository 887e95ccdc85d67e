import { sysType } from '@plinth/schema';
import type { SystemTypeBehaviour } from '../entities/systemTypeBehaviour.js';
import { validateApps } from './validateApps.js';
import { addWelcomePages } from './welcomePage.js';

/**
 * Apps, app pages and page versions (spec 01 §3, decision 0064): names, slugs, content and the
 * home and menu pages' inputs checked on every write; a new app gets its Welcome page.
 */
export const appTypeBehaviour: SystemTypeBehaviour = {
  name: 'apps',
  typeIds: [sysType.app, sysType.appPage, sysType.pageVersion],
  validate: validateApps,
  afterCommit: async (ctx, change) => {
    try {
      await addWelcomePages(ctx, change.written);
    } catch (error) {
      console.error('apps: a new app did not get its Welcome page', error);
    }
  },
};
