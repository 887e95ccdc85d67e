import type { AdminRole, AdminUser, ViewAsResponse } from '@plinth/schema';
import { fakeApi } from '../../test/fakeApi';

/** The signed-in user a test starts with. */
export const adminMe = {
  tenantId: 1,
  userId: 10_001,
  username: 'admin',
  isAdmin: true,
  roleIds: [500, 501],
  csrfToken: 't',
};

const user = (id: number, username: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  username,
  fullName: null,
  email: null,
  roles: [],
  isAdmin: false,
  disabled: false,
  mustChangePassword: false,
  createdAt: '2026-03-01T00:00:00.000Z',
  lastSignInAt: null,
  ...extra,
});

/**
 * A small in-memory stand-in for the admin calls, answering as the server's contracts say, so the
 * screens are driven through real requests and answers. It keeps what the screens change.
 */
export function adminServerHarness(me: Record<string, unknown> = adminMe) {
  const users: AdminUser[] = [
    user(10_001, 'admin', {
      fullName: 'Ada Admin',
      roles: [{ id: 500, name: 'Administrators' }],
      isAdmin: true,
    }),
    user(10_002, 'dave', {
      fullName: 'Dave Day',
      roles: [{ id: 10_050, name: 'Sales' }],
      lastSignInAt: '2026-03-10T02:00:00.000Z',
    }),
  ];
  const roles: AdminRole[] = [
    {
      id: 500,
      name: 'Administrators',
      description: null,
      builtIn: true,
      members: [{ id: 10_001, name: 'admin' }],
      rules: [],
    },
    { id: 501, name: 'Everyone', description: null, builtIn: true, members: [], rules: [] },
    {
      id: 10_050,
      name: 'Sales',
      description: 'Sales team members',
      builtIn: false,
      members: [{ id: 10_002, name: 'dave' }],
      rules: [
        {
          id: 10_060,
          typeId: 10_020,
          typeName: 'Opportunity',
          canRead: true,
          canCreate: false,
          canModify: false,
          canDelete: false,
          ownedOnly: false,
          calculation: null,
          problem: null,
        },
      ],
    },
  ];
  const types = [
    { id: 10_010, name: 'Account' },
    { id: 10_020, name: 'Opportunity' },
  ];
  let nextId = 20_000;
  const ok = (body: unknown) => ({ status: 200, body });
  const invalid = (message: string) => ({
    status: 400,
    body: { error: { code: 'validation_failed', message, details: { errors: [{ member: 'x', message }] } } },
  });
  // biome-ignore lint/suspicious/noExplicitAny: a fake server reads the JSON bodies loosely.
  const { api, requests } = fakeApi((path, body: any, method) => {
    if (path === '/auth/me') return ok(me);
    if (path === '/spapi/data/v1/tenantSettings')
      return { status: 404, body: { error: { code: 'not_found', message: 'No.' } } };
    if (path === '/spapi/admin/v1/users' && method === 'GET') return ok({ users });
    if (path === '/spapi/admin/v1/users' && method === 'POST') {
      if (users.some((u) => u.username.toLowerCase() === body.username.toLowerCase()))
        return invalid('There is another user with the same name.');
      const id = nextId++;
      users.push(
        user(id, body.username, {
          fullName: body.fullName || null,
          email: body.email || null,
          roles: roles.filter((r) => body.roleIds.includes(r.id)).map(({ id, name }) => ({ id, name })),
          mustChangePassword: true,
        }),
      );
      return ok({ id });
    }
    const userCall = /^\/spapi\/admin\/v1\/users\/(\d+)(\/password|\/delete)?$/.exec(path);
    if (userCall) {
      const target = users.find((u) => u.id === Number(userCall[1]));
      if (!target)
        return { status: 404, body: { error: { code: 'not_found', message: 'The user was not found.' } } };
      if (userCall[2] === '/delete') {
        users.splice(users.indexOf(target), 1);
        return ok({ ok: true, reassigned: 3, newOwnerId: body.newOwnerId ?? me.userId });
      }
      if (userCall[2] === '/password') {
        target.mustChangePassword = true;
        return ok({ ok: true });
      }
      if (body.disabled !== undefined) target.disabled = body.disabled;
      if (body.fullName !== undefined) target.fullName = body.fullName;
      return ok({ ok: true });
    }
    if (path === '/spapi/admin/v1/roles' && method === 'GET') return ok({ roles, types });
    if (path === '/spapi/admin/v1/roles' && method === 'POST') {
      const id = nextId++;
      roles.push({
        id,
        name: body.name,
        description: body.description || null,
        builtIn: false,
        members: [],
        rules: [],
      });
      return ok({ id });
    }
    const ruleCall = /^\/spapi\/admin\/v1\/roles\/(\d+)\/rules(?:\/(\d+))?(\/delete)?$/.exec(path);
    if (ruleCall) {
      const role = roles.find((r) => r.id === Number(ruleCall[1]))!;
      if (ruleCall[3]) {
        role.rules = role.rules.filter((r) => r.id !== Number(ruleCall[2]));
        return ok({ ok: true });
      }
      const unknown = nosuchIn(body.calculation);
      if (unknown)
        return invalid(
          `'nosuch' is not a recognised field, relationship or variable. (line ${unknown.line}, column ${unknown.column})`,
        );
      const id = ruleCall[2] ? Number(ruleCall[2]) : nextId++;
      role.rules = [
        ...role.rules.filter((r) => r.id !== id),
        {
          id,
          typeId: body.typeId,
          typeName: types.find((t) => t.id === body.typeId)!.name,
          canRead: body.canRead,
          canCreate: body.canCreate,
          canModify: body.canModify,
          canDelete: body.canDelete,
          ownedOnly: body.ownedOnly,
          calculation: body.calculation,
          problem: null,
        },
      ];
      return ok({ id });
    }
    if (path === '/spapi/admin/v1/rules/check') {
      const unknown = nosuchIn(body.calculation);
      if (unknown)
        return ok({
          ok: false,
          diagnostics: [
            {
              severity: 'error',
              message: "'nosuch' is not a recognised field, relationship or variable.",
              ...unknown,
            },
          ],
        });
      return ok({ ok: true, diagnostics: [] });
    }
    if (path === '/spapi/admin/v1/viewAs') {
      const answer: ViewAsResponse = {
        user: {
          id: body.userId,
          username: users.find((u) => u.id === body.userId)!.username,
          isAdmin: false,
          disabled: false,
        },
        typeName: 'Opportunity',
        readableCount: 1,
        totalCount: 3,
        records: [
          {
            id: 30_001,
            name: 'Big deal',
            typeName: 'Opportunity',
            reasons: [
              {
                ruleId: 10_060,
                roleName: 'Sales',
                description: 'Sales: read Opportunity (own records only)',
              },
            ],
          },
        ],
        rules: [
          { ruleId: 10_060, roleName: 'Sales', description: 'Sales: read Opportunity (own records only)' },
        ],
      };
      return ok(answer);
    }
    return { status: 404, body: { error: { code: 'not_found', message: `No fake for ${method} ${path}` } } };
  });
  return { api, requests, users, roles };
}

/** Where the server's compile marks the one unknown name the tests use: `[nosuch]`, on its line. */
function nosuchIn(calculation: unknown): { line: number; column: number; length: number } | null {
  const lines = String(calculation ?? '').split('\n');
  const line = lines.findIndex((l) => l.includes('[nosuch]'));
  if (line < 0) return null;
  return { line: line + 1, column: lines[line]!.indexOf('[nosuch]') + 1, length: '[nosuch]'.length };
}
