import { describe, expect, it } from 'vitest';
import { loginRequest, meResponse, tenantSettingsResponse } from '../index.js';

describe('auth and settings contracts', () => {
  it('take a sign-in with tenant, user name and password, and nothing else', () => {
    const login = { tenant: 'acme', username: 'admin', password: 'pw' };
    expect(loginRequest.parse(login)).toEqual(login);
    expect(loginRequest.safeParse({ ...login, isAdmin: true }).success).toBe(false);
    expect(loginRequest.safeParse({ ...login, password: '' }).success).toBe(false);
  });

  it('describe the signed-in user (the CSRF token only after sign-in) and the tenant settings', () => {
    const me = { tenantId: 1, userId: 2, username: null, isAdmin: false, roleIds: [501] };
    expect(meResponse.parse(me)).toEqual(me);
    expect(meResponse.parse({ ...me, csrfToken: 't' }).csrfToken).toBe('t');
    expect(
      tenantSettingsResponse.safeParse({
        tenantName: 'Acme',
        currencySymbol: '$',
        nameFieldLabel: 'Name',
        timeZone: 'UTC',
        locale: 'en-AU',
        financialYearStartMonth: 7.5,
      }).success,
    ).toBe(false);
  });
});
