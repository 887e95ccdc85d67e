import type { TenantSettings } from '@plinth/schema';
import { assign, fromPromise, setup } from 'xstate';

/** The settings used until the tenant's are read, and kept when a read fails (spec 02 §8). */
export const fallbackTenantSettings: TenantSettings = {
  tenantName: '',
  currencySymbol: '$',
  nameFieldLabel: 'Name',
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  locale: 'en-AU',
  financialYearStartMonth: 7,
  confirmExternalLinks: true,
};

export interface TenantSettingsContext {
  settings: TenantSettings;
  /** The last read's failure, for the log; the settings stay as they were. */
  error: unknown;
}

/**
 * The tenant settings machine of spec 01 §4: initialising, then ready; REFRESH goes to refreshing
 * and back to ready; a failed read also goes to ready, keeping the settings it had. The read is the
 * `readTenantSettings` actor, provided by the host.
 *
 * @example
 * const machine = tenantSettingsMachine.provide({
 *   actors: { readTenantSettings: fromPromise(() => readTenantSettings(client)) },
 * });
 */
export const tenantSettingsMachine = setup({
  types: {
    context: {} as TenantSettingsContext,
    events: {} as { type: 'REFRESH' },
  },
  actors: {
    readTenantSettings: fromPromise<TenantSettings>(() => Promise.reject(new Error('Not provided'))),
  },
}).createMachine({
  id: 'tenantSettings',
  context: { settings: fallbackTenantSettings, error: null },
  initial: 'initialising',
  states: {
    initialising: {
      invoke: {
        src: 'readTenantSettings',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, error: null }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {
      on: { REFRESH: 'refreshing' },
    },
    refreshing: {
      invoke: {
        src: 'readTenantSettings',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, error: null }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
  },
});
