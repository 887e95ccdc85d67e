import { describe, expect, it } from 'vitest';
import { returnPathOf } from './returnPath';

const path = { kind: 'path' } as const;
const hash = { kind: 'hash', tenant: 'demo', preview: false } as const;

describe('returnPathOf', () => {
  it('takes a path of this app, its query kept', () => {
    expect(returnPathOf('/apps/crm/accounts?cid=5', 'crm', path)).toBe('/apps/crm/accounts?cid=5');
    expect(returnPathOf('/apps/CRM', 'crm', path)).toBe('/apps/CRM');
  });

  it('refuses another app, another site, a scheme and anything odd', () => {
    for (const asPath of [
      '/apps/hr/home',
      '/admin/users',
      'https://elsewhere.example/apps/crm/home',
      '//elsewhere.example/apps/crm',
      'javascript:alert(1)',
      '/apps/crm/\\x',
      'apps/crm/home',
      '/apps/%E0%A4%A/home',
      '',
      null,
    ])
      expect(returnPathOf(asPath, 'crm', path)).toBeNull();
  });

  it('takes the hash host route of this tenant and app in a hosted runner', () => {
    expect(returnPathOf('#/demo/0/apprunner?app=crm&page=accounts', 'crm', hash)).toBe(
      '#/demo/0/apprunner?app=crm&page=accounts',
    );
    expect(returnPathOf('#/other/0/apprunner?app=crm&page=accounts', 'crm', hash)).toBeNull();
    expect(returnPathOf('#/demo/0/apprunner?app=hr', 'crm', hash)).toBeNull();
    expect(returnPathOf('/apps/crm/accounts', 'crm', hash)).toBeNull();
  });
});
