import { describe, expect, it } from 'vitest';
import { breadcrumbIdOf, storedUrl, trailMaxLength, trailOf, withTrail, withTrailIds } from './trailUrl';

describe('stored breadcrumb URLs', () => {
  it('strip breadcrumbs, testtoken, rnurlbs and aspath, in any case, keeping the rest', () => {
    expect(
      storedUrl(
        '/apps/crm/home?cid=5&breadcrumbs=a.b&testtoken=x&rnurlbs=y&asPath=%2Fz&AsPath=1&formMode=view',
      ),
    ).toBe('/apps/crm/home?cid=5&formMode=view');
    expect(storedUrl('/apps/crm/_report/12?breadcrumbs=a#top')).toBe('/apps/crm/_report/12#top');
  });

  it('strip them from the query of the hash host route', () => {
    expect(storedUrl('/#/acme/0/apprunner?app=crm&page=home&breadcrumbs=abc&testtoken=t')).toBe(
      '/#/acme/0/apprunner?app=crm&page=home',
    );
  });

  it('name one record per page, whatever trail the address carried', () => {
    expect(breadcrumbIdOf('/apps/crm/home?breadcrumbs=a.b')).toBe(breadcrumbIdOf('/apps/crm/home'));
    expect(breadcrumbIdOf('/apps/crm/home')).not.toBe(breadcrumbIdOf('/apps/crm/accounts'));
    expect(breadcrumbIdOf('/apps/crm/home')).toMatch(/^[0-9a-z]{1,16}$/);
  });
});

describe('trails in the breadcrumbs parameter', () => {
  const home = { url: '/apps/crm/home', name: 'Home' };
  const homeId = breadcrumbIdOf(home.url);

  it('read the ids, dropping malformed ones and repeats', () => {
    expect(trailOf('/apps/crm/x?breadcrumbs=abc.DEF.a-b..abc.zz9')).toEqual(['abc', 'zz9']);
    expect(trailOf('/apps/crm/x')).toEqual([]);
    expect(trailOf('/#/acme/0/apprunner?app=crm&breadcrumbs=q1.q2')).toEqual(['q1', 'q2']);
  });

  it('append the page left behind to the trail it had', () => {
    const accounts = withTrail('/apps/crm/accounts', home);
    expect(trailOf(accounts)).toEqual([homeId]);
    const record = withTrail('/apps/crm/_viewRecord?cid=7', { url: accounts, name: 'Accounts' });
    expect(record).toMatch(/^\/apps\/crm\/_viewRecord\?cid=7&breadcrumbs=/);
    expect(trailOf(record)).toEqual([homeId, breadcrumbIdOf('/apps/crm/accounts')]);
  });

  it('go back along the trail when the target is already on it', () => {
    const accounts = withTrail('/apps/crm/accounts', home);
    const record = withTrail('/apps/crm/_viewRecord?cid=7', { url: accounts, name: 'Accounts' });
    expect(trailOf(withTrail('/apps/crm/home', { url: record, name: 'Acme' }))).toEqual([]);
    expect(trailOf(withTrail('/apps/crm/accounts?breadcrumbs=zzz', { url: record, name: 'Acme' }))).toEqual([
      homeId,
    ]);
  });

  it('start a new trail without a current page, and replace a trail the target had', () => {
    expect(withTrail('/apps/crm/home?breadcrumbs=abc&cid=1', undefined)).toBe('/apps/crm/home?cid=1');
    expect(trailOf(withTrail('/apps/crm/a?breadcrumbs=old1', home))).toEqual([homeId]);
  });

  it('keep the trail in the hash query of the hash host route', () => {
    const next = withTrail('/#/acme/0/apprunner?app=crm&page=accounts', {
      url: '/#/acme/0/apprunner?app=crm&page=home',
      name: 'Home',
    });
    expect(next.startsWith('/#/acme/0/apprunner?app=crm&page=accounts&breadcrumbs=')).toBe(true);
  });

  it(`remember at most ${trailMaxLength} pages, dropping the oldest`, () => {
    const ids = Array.from({ length: trailMaxLength + 5 }, (_, i) => `p${i}`);
    const url = withTrailIds('/apps/crm/x', ids);
    expect(trailOf(url)).toEqual(ids.slice(-trailMaxLength));
  });
});
