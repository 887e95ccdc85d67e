import { z } from 'zod';

/** `POST /auth/login`: the tenant (slug), user name and password. */
export const loginRequest = z
  .object({
    tenant: z.string().min(1).max(100),
    username: z.string().min(1).max(200),
    password: z.string().min(1).max(1000),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequest>;

/** The signed-in user (`POST /auth/login`, `GET /auth/me`); the CSRF token comes with sign-in. */
export const meResponse = z.object({
  tenantId: z.number(),
  userId: z.number(),
  username: z.string().nullable(),
  isAdmin: z.boolean(),
  roleIds: z.array(z.number()),
  /** An administrator set the password: the user must choose their own before anything else. */
  mustChangePassword: z.boolean().optional(),
  csrfToken: z.string().optional(),
});
export type Me = z.infer<typeof meResponse>;
