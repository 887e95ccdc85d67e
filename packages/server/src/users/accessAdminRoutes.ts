import {
  adminRolesResponse,
  checkRuleRequest,
  checkRuleResponse,
  savedResponse,
  saveRoleRequest,
  saveRuleRequest,
  viewAsRequest,
  viewAsResponse,
} from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ruleDiagnostics } from '../access/ruleDiagnostics.js';
import { idInPath } from '../http/pathParams.js';
import { adminBase } from './requireAdmin.js';
import { deleteRole, deleteRule, listRoles, saveRole, saveRule } from './roleAdmin.js';
import { viewAs } from './viewAs.js';

const tags = ['admin'];
const ok = z.object({ ok: z.literal(true) });

/**
 * The administrator's role and access-rule calls (decision 0046). Roles and rules are records of
 * system types: every write goes through the entity service (its checks, the meta version, and
 * whatever records changes there).
 */
export async function accessAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${adminBase}/roles`,
    {
      schema: { tags, summary: 'Roles with their members and rules', response: { 200: adminRolesResponse } },
    },
    async (request) => listRoles(request.ctx),
  );
  r.post(
    `${adminBase}/roles`,
    { schema: { tags, summary: 'Create a role', body: saveRoleRequest, response: { 200: savedResponse } } },
    async (request) => ({ id: await saveRole(request.ctx, undefined, request.body) }),
  );
  r.post(
    `${adminBase}/roles/:roleId`,
    {
      schema: {
        tags,
        summary: "Change a role's name, description or members",
        params: z.object({ roleId: idInPath }),
        body: saveRoleRequest,
        response: { 200: savedResponse },
      },
    },
    async (request) => ({ id: await saveRole(request.ctx, request.params.roleId, request.body) }),
  );
  r.post(
    `${adminBase}/roles/:roleId/delete`,
    {
      schema: {
        tags,
        summary: 'Delete a role and its rules',
        params: z.object({ roleId: idInPath }),
        response: { 200: ok },
      },
    },
    async (request) => {
      await deleteRole(request.ctx, request.params.roleId);
      return { ok: true as const };
    },
  );
  r.post(
    `${adminBase}/roles/:roleId/rules`,
    {
      schema: {
        tags,
        summary: 'Add an access rule to a role',
        params: z.object({ roleId: idInPath }),
        body: saveRuleRequest,
        response: { 200: savedResponse },
      },
    },
    async (request) => ({ id: await saveRule(request.ctx, request.params.roleId, undefined, request.body) }),
  );
  r.post(
    `${adminBase}/roles/:roleId/rules/:ruleId`,
    {
      schema: {
        tags,
        summary: 'Change an access rule of a role',
        params: z.object({ roleId: idInPath, ruleId: idInPath }),
        body: saveRuleRequest,
        response: { 200: savedResponse },
      },
    },
    async (request) => ({
      id: await saveRule(request.ctx, request.params.roleId, request.params.ruleId, request.body),
    }),
  );
  r.post(
    `${adminBase}/roles/:roleId/rules/:ruleId/delete`,
    {
      schema: {
        tags,
        summary: 'Delete an access rule of a role',
        params: z.object({ roleId: idInPath, ruleId: idInPath }),
        response: { 200: ok },
      },
    },
    async (request) => {
      await deleteRule(request.ctx, request.params.roleId, request.params.ruleId);
      return { ok: true as const };
    },
  );
  r.post(
    `${adminBase}/rules/check`,
    {
      schema: {
        tags,
        summary:
          "Compile an access rule's calculation for a type: its messages, and whether a save accepts it",
        body: checkRuleRequest,
        response: { 200: checkRuleResponse },
      },
    },
    async (request) => {
      const { ctx } = request;
      if (!ctx.schema.type(request.body.typeId))
        return {
          ok: false,
          diagnostics: [{ severity: 'error' as const, message: 'Choose a type.', line: 1, column: 1 }],
        };
      return ruleDiagnostics(
        ctx.schema,
        ctx.engine,
        ctx.tenantId,
        request.body.typeId,
        request.body.calculation,
      );
    },
  );
  r.post(
    `${adminBase}/viewAs`,
    {
      schema: {
        tags,
        summary: 'Which records of a type a user can read, and which rule lets each in',
        body: viewAsRequest,
        response: { 200: viewAsResponse },
      },
    },
    async (request) => viewAs(request.ctx, request.body),
  );
}
