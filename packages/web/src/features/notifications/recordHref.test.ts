import { describe, expect, it } from 'vitest';
import { recordHref } from './recordHref';

describe('recordHref', () => {
  it("views the record on the app's record route", () => {
    expect(recordHref('crm', 42)).toBe('/apps/crm/_viewRecord?cid=42&formMode=view');
    expect(recordHref('sales & co', 7)).toBe('/apps/sales%20%26%20co/_viewRecord?cid=7&formMode=view');
  });

  it('stays in the hash host route of its tenant', () => {
    expect(recordHref('crm', 42, { kind: 'hash', tenant: 'demo' })).toBe(
      '#/demo/0/apprunner?app=crm&page=_viewRecord&cid=42&formMode=view',
    );
  });
});
