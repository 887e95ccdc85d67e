import type { TenantSettings } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fallbackTenantSettings, tenantSettingsMachine } from './tenantSettingsMachine';

const sydney: TenantSettings = {
  ...fallbackTenantSettings,
  tenantName: 'Demo',
  timeZone: 'Australia/Sydney',
};

function start(reads: Array<() => Promise<TenantSettings>>) {
  let call = 0;
  const machine = tenantSettingsMachine.provide({
    actors: { readTenantSettings: fromPromise(() => reads[Math.min(call++, reads.length - 1)]!()) },
  });
  return createActor(machine).start();
}

describe('tenantSettingsMachine', () => {
  it('initialises, then is ready with the settings read', async () => {
    const actor = start([() => Promise.resolve(sydney)]);
    expect(actor.getSnapshot().value).toBe('initialising');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.settings).toEqual(sydney);
  });

  it('refreshes on REFRESH and is ready again with the new settings', async () => {
    const euro = { ...sydney, currencySymbol: '€' };
    const actor = start([() => Promise.resolve(sydney), () => Promise.resolve(euro)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.settings.currencySymbol).toBe('€');
  });

  it('goes to ready on an error too, keeping the settings it had', async () => {
    const failure = new Error('offline');
    const actor = start([() => Promise.reject(failure)]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ settings: fallbackTenantSettings, error: failure });
    const refreshed = start([() => Promise.resolve(sydney), () => Promise.reject(failure)]);
    await waitFor(refreshed, (s) => s.matches('ready'));
    refreshed.send({ type: 'REFRESH' });
    await waitFor(refreshed, (s) => s.matches('ready'));
    expect(refreshed.getSnapshot().context.settings).toEqual(sydney);
  });
});
