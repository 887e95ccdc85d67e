import { describe, expect, it } from 'vitest';
import { viewOfPageParam } from './runnerView';

describe('viewOfPageParam', () => {
  it('reads the runner’s own segments and page slugs from the hash host route’s page', () => {
    expect(viewOfPageParam(null)).toEqual({ kind: 'defaultPage' });
    expect(viewOfPageParam('_sitemap')).toEqual({ kind: 'sitemap' });
    expect(viewOfPageParam('_viewRecord')).toEqual({ kind: 'record', mode: 'view' });
    expect(viewOfPageParam('accounts')).toEqual({ kind: 'page', pageSlug: 'accounts' });
  });

  it('reads a report with the page it was opened from (fromPageSlug), or without one', () => {
    expect(viewOfPageParam('home/_report/42')).toEqual({
      kind: 'report',
      reportId: '42',
      fromPageSlug: 'home',
    });
    expect(viewOfPageParam('_report/42')).toEqual({ kind: 'report', reportId: '42' });
  });
});
