import { z } from 'zod';
import { entityId } from './common.js';
import { maxPasswordLength } from './passwordRules.js';

/** A role as the admin screens name it. */
export const roleRef = z.object({ id: entityId, name: z.string() });
export type RoleRef = z.infer<typeof roleRef>;

/** A user account as `/spapi/admin/v1/users` lists it (decision 0045). */
export const adminUser = z.object({
  id: entityId,
  username: z.string(),
  /** The name of the person who holds the account. */
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(roleRef),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  /** The user has a password an administrator set and must choose their own at the next sign-in. */
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  /** When the user's newest session started; null when they have none. */
  lastSignInAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersResponse = z.object({ users: z.array(adminUser) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

const password = z.string().min(1).max(maxPasswordLength);

/** `POST /spapi/admin/v1/users`: a user who signs in with `password` and must then choose their own. */
export const createUserRequest = z
  .object({
    username: z.string().trim().min(1).max(100),
    fullName: z.string().trim().max(200).optional(),
    email: z.string().trim().max(200).optional(),
    password,
    roleIds: z.array(entityId).max(100).default([]),
  })
  .strict();
export type CreateUserRequest = z.input<typeof createUserRequest>;

/** `POST /spapi/admin/v1/users/{id}`: what changes; absent members stay as they are. */
export const updateUserRequest = z
  .object({
    fullName: z.string().trim().max(200).nullable().optional(),
    email: z.string().trim().max(200).nullable().optional(),
    roleIds: z.array(entityId).max(100).optional(),
    /** Disabling ends the user's sessions at once; their API tokens are refused while disabled. */
    disabled: z.boolean().optional(),
  })
  .strict();
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

/** `POST /spapi/admin/v1/users/{id}/password`: the admin sets a password the user must then change. */
export const resetPasswordRequest = z.object({ password }).strict();
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/**
 * `POST /spapi/admin/v1/users/{id}/delete`: the records the user owns pass to `newOwnerId` (by
 * default the administrator who deletes); the records keep their creator and modifier as they were.
 */
export const deleteUserRequest = z.object({ newOwnerId: entityId.optional() }).strict();
export type DeleteUserRequest = z.infer<typeof deleteUserRequest>;

export const deleteUserResponse = z.object({
  ok: z.literal(true),
  /** How many records passed to the new owner. */
  reassigned: z.number(),
  newOwnerId: entityId,
});
export type DeleteUserResponse = z.infer<typeof deleteUserResponse>;
