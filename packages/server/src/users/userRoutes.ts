import {
  adminUsersResponse,
  createUserRequest,
  deleteUserRequest,
  deleteUserResponse,
  resetPasswordRequest,
  savedResponse,
  updateUserRequest,
} from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../http/pathParams.js';
import { adminBase } from './requireAdmin.js';
import { createUser, deleteUser, listUsers, resetPassword, updateUser } from './userAdmin.js';

const tags = ['admin'];
const ok = z.object({ ok: z.literal(true) });

/** The administrator's user calls (decision 0045); `adminRoutes` puts them behind `requireAdmin`. */
export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${adminBase}/users`,
    { schema: { tags, summary: 'Every user of the tenant', response: { 200: adminUsersResponse } } },
    async (request) => ({ users: await listUsers(request.ctx) }),
  );
  r.post(
    `${adminBase}/users`,
    {
      schema: {
        tags,
        summary: 'Create a user with an initial password they change at the first sign-in',
        body: createUserRequest,
        response: { 200: savedResponse },
      },
    },
    async (request) => ({ id: await createUser(request.ctx, request.body) }),
  );
  r.post(
    `${adminBase}/users/:id`,
    {
      schema: {
        tags,
        summary: "Change a user's name, email, roles, or disable them (their sessions end at once)",
        params: idParams,
        body: updateUserRequest,
        response: { 200: ok },
      },
    },
    async (request) => {
      await updateUser(request.ctx, request.params.id, request.body);
      return { ok: true as const };
    },
  );
  r.post(
    `${adminBase}/users/:id/password`,
    {
      schema: {
        tags,
        summary: "Set a user's password; they change it at the next sign-in, and their sessions end",
        params: idParams,
        body: resetPasswordRequest,
        response: { 200: ok },
      },
    },
    async (request) => {
      await resetPassword(request.ctx, request.params.id, request.body.password);
      return { ok: true as const };
    },
  );
  r.post(
    `${adminBase}/users/:id/delete`,
    {
      schema: {
        tags,
        summary: 'Delete a user; what they own passes to another user',
        params: idParams,
        body: deleteUserRequest,
        response: { 200: deleteUserResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      ...(await deleteUser(request.ctx, request.params.id, request.body.newOwnerId)),
    }),
  );
}
