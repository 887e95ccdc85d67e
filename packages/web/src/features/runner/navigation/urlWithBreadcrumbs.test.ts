import { describe, expect, it } from 'vitest';
import { breadcrumbIdOf } from '../breadcrumbs/public';
import { urlWithBreadcrumbs } from './useRunnerNavigation';

const home = { url: '/apps/crm/home', name: 'Home' };

describe('urlWithBreadcrumbs', () => {
  it('appends the current page to the trail by default', () => {
    expect(urlWithBreadcrumbs('/apps/crm/_viewRecord?cid=5&formMode=view', 'append', home)).toBe(
      `/apps/crm/_viewRecord?cid=5&formMode=view&breadcrumbs=${breadcrumbIdOf('/apps/crm/home')}`,
    );
  });

  it('keeps the current trail for none, and starts afresh for reset', () => {
    const current = { url: '/apps/crm/accounts?breadcrumbs=abc.def', name: 'Accounts' };
    expect(urlWithBreadcrumbs('/apps/crm/home', 'none', current)).toBe('/apps/crm/home?breadcrumbs=abc.def');
    expect(urlWithBreadcrumbs('/apps/crm/home?cid=1', 'none', home)).toBe('/apps/crm/home?cid=1');
    expect(urlWithBreadcrumbs('/apps/crm/home', 'reset', current)).toBe('/apps/crm/home');
  });
});
