import {
  type AdminRolesResponse,
  type AdminUser,
  adminRolesResponse,
  adminUsersResponse,
  type CheckRuleResponse,
  type CreateUserRequest,
  checkRuleResponse,
  deleteUserResponse,
  type SaveRoleRequest,
  type SaveRuleRequest,
  savedResponse,
  type UpdateUserRequest,
  type ViewAsRequest,
  type ViewAsResponse,
  viewAsResponse,
} from '@plinth/schema';
import { z } from 'zod';
import type { ApiClient } from '../../api/apiClient';

const base = '/spapi/admin/v1';
const ok = z.object({ ok: z.literal(true) });

/** The admin area's calls (decisions 0045, 0046); the server refuses them to everyone but administrators. */
export function adminApi(client: ApiClient) {
  return {
    users: async (signal?: AbortSignal): Promise<AdminUser[]> =>
      (await client.call('GET', `${base}/users`, adminUsersResponse, undefined, signal)).users,
    createUser: (req: CreateUserRequest) => client.call('POST', `${base}/users`, savedResponse, req),
    updateUser: (id: number, req: UpdateUserRequest) => client.call('POST', `${base}/users/${id}`, ok, req),
    resetPassword: (id: number, password: string) =>
      client.call('POST', `${base}/users/${id}/password`, ok, { password }),
    deleteUser: (id: number, newOwnerId?: number) =>
      client.call('POST', `${base}/users/${id}/delete`, deleteUserResponse, newOwnerId ? { newOwnerId } : {}),
    roles: (signal?: AbortSignal): Promise<AdminRolesResponse> =>
      client.call('GET', `${base}/roles`, adminRolesResponse, undefined, signal),
    createRole: (req: SaveRoleRequest) => client.call('POST', `${base}/roles`, savedResponse, req),
    updateRole: (id: number, req: SaveRoleRequest) =>
      client.call('POST', `${base}/roles/${id}`, savedResponse, req),
    deleteRole: (id: number) => client.call('POST', `${base}/roles/${id}/delete`, ok, {}),
    saveRule: (roleId: number, ruleId: number | undefined, req: SaveRuleRequest) =>
      client.call('POST', `${base}/roles/${roleId}/rules${ruleId ? `/${ruleId}` : ''}`, savedResponse, req),
    deleteRule: (roleId: number, ruleId: number) =>
      client.call('POST', `${base}/roles/${roleId}/rules/${ruleId}/delete`, ok, {}),
    checkRule: (typeId: number, calculation: string, signal?: AbortSignal): Promise<CheckRuleResponse> =>
      client.call('POST', `${base}/rules/check`, checkRuleResponse, { typeId, calculation }, signal),
    viewAs: (req: ViewAsRequest, signal?: AbortSignal): Promise<ViewAsResponse> =>
      client.call('POST', `${base}/viewAs`, viewAsResponse, req, signal),
  };
}
export type AdminApi = ReturnType<typeof adminApi>;
