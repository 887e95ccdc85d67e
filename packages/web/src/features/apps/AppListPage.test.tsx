import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../pickerData/fakeApi';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };

describe('the app list', () => {
  beforeEach(() => window.history.pushState(null, '', '/apps'));
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows the stored apps, each opening on its home report', async () => {
    const { api, requests } = fakeApi((path) => {
      if (path === '/auth/me') return { status: 200, body: me };
      if (path === '/spapi/data/v1/entity/ofType')
        return {
          status: 200,
          body: {
            entities: [
              {
                id: 10_070,
                typeId: 16,
                alias: 'crm:salesCrm',
                name: 'Sales CRM',
                version: 1,
                canModify: true,
                canDelete: true,
                description: 'Accounts, contacts and opportunities.',
                uiAppSlug: 'crm',
                appHomeReport: { id: 10_060, typeId: 15, alias: 'crm:opportunities', name: 'Opportunities' },
              },
            ],
            pageSize: 200,
            hasMore: false,
          },
        };
      return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
    });
    render(<App client={api} />);
    const link = await screen.findByRole('link', { name: /Sales CRM/ }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/apps/crm/_report/crm%3Aopportunities');
    expect(link).toHaveTextContent('Accounts, contacts and opportunities.');
    const call = requests.find((r) => r.path === '/spapi/data/v1/entity/ofType');
    expect(call?.body).toMatchObject({ typeId: 'core:app' });
  });
});
