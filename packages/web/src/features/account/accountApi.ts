import { changePasswordResponse, ownApiTokensResponse, ownSessionsResponse } from '@plinth/schema';
import { z } from 'zod';
import type { ApiClient } from '../../api/apiClient';

/** The signed-in user's own account: password, sessions and API tokens (decision 0045). */
export function accountApi(client: ApiClient) {
  return {
    changePassword: (currentPassword: string, newPassword: string) =>
      client.call('POST', '/auth/password', changePasswordResponse, { currentPassword, newPassword }),
    sessions: async (signal?: AbortSignal) =>
      (await client.call('GET', '/auth/sessions', ownSessionsResponse, undefined, signal)).sessions,
    endSession: (id: string) =>
      client.call('DELETE', `/auth/sessions/${encodeURIComponent(id)}`, z.unknown()),
    tokens: async (signal?: AbortSignal) =>
      (await client.call('GET', '/spapi/data/v1/apiTokens', ownApiTokensResponse, undefined, signal)).tokens,
    revokeToken: (id: string) =>
      client.call('DELETE', `/spapi/data/v1/apiTokens/${encodeURIComponent(id)}`, z.unknown()),
  };
}
export type AccountApi = ReturnType<typeof accountApi>;
