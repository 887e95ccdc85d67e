import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { schemaServerHarness } from './schemaServerHarness';

const open = (path: string) => window.history.pushState(null, '', path);
const putFields = (server: ReturnType<typeof schemaServerHarness>) =>
  server.requests
    .filter((r) => r.path === '/spapi/data/v1/entity/put')
    .map((r) => (r.body as { entities: Array<{ fields?: Record<string, unknown> }> }).entities[0]?.fields);

/** The icons of choice values and Objects (spec 01 §3 icon formatting rules, decision 0100). */
describe('icons in the schema editor', () => {
  afterEach(() => open('/'));

  it('shows a choice value’s icon as pickers do, and removes it', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    server.choices[1]!.iconImageId = 900;
    open('/admin/schema/10030');
    render(<App client={server.api} />);
    const panel = await screen.findByRole('region', { name: 'Choice values' });
    await waitFor(() =>
      expect(panel.querySelector('.pl-picker-option__icon')).toHaveAttribute(
        'src',
        '/spapi/data/v2/image/900?size=small',
      ),
    );
    await user.click(within(panel).getByRole('button', { name: 'Edit Won' }));
    const icon = within(panel).getByRole('group', { name: 'Icon' });
    expect(within(icon).getByRole('img', { name: 'The current icon' })).toBeInTheDocument();
    expect(within(icon).getByRole('button', { name: 'Replace icon' })).toBeInTheDocument();
    await user.click(within(icon).getByRole('button', { name: 'Remove icon' }));
    expect(within(icon).getByText('No icon')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save choice value' }));
    await waitFor(() => expect(panel.querySelector('.pl-picker-option__icon')).toBeNull());
    expect(putFields(server)[0]).toMatchObject({ name: 'Won', enumIcon: null });
    expect(server.choices.find((c) => c.name === 'Won')!.iconImageId).toBeNull();
  }, 30_000);

  it('shows an Object’s icon in the Objects list and its details, and writes it only when changed', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    server.types.find((t) => t.name === 'Account')!.iconImageId = 901;
    open('/admin/schema');
    render(<App client={server.api} />);
    const link = await screen.findByRole('link', { name: 'Account' });
    expect(link.previousElementSibling).toHaveAttribute('src', '/spapi/data/v2/image/901?size=small');
    expect(screen.getByRole('link', { name: 'Opportunity' }).previousElementSibling?.tagName).not.toBe('IMG');

    await user.click(screen.getByRole('button', { name: 'Edit the details of Account' }));
    let dialog = await screen.findByRole('dialog', { name: 'Object details: Account' });
    const icon = within(dialog).getByRole('group', { name: 'Icon' });
    expect(within(icon).getByRole('img', { name: 'The current icon' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Properties saved')).toBeInTheDocument();
    expect(putFields(server)[0]).not.toHaveProperty('typeIcon');

    await user.click(screen.getByRole('button', { name: 'Edit the details of Account' }));
    dialog = await screen.findByRole('dialog', { name: 'Object details: Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove icon' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putFields(server)).toHaveLength(2));
    expect(putFields(server)[1]).toMatchObject({ typeIcon: null });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Account' }).previousElementSibling?.tagName).not.toBe('IMG'),
    );
  }, 30_000);
});
