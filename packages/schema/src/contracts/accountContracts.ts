import { z } from 'zod';
import { maxPasswordLength } from './passwordRules.js';

/** `POST /auth/password`: the user's own password change; the current one is required. */
export const changePasswordRequest = z
  .object({
    currentPassword: z.string().min(1).max(1000),
    newPassword: z.string().min(1).max(maxPasswordLength),
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const changePasswordResponse = z.object({
  ok: z.literal(true),
  /** How many other sessions of the user were ended. */
  endedSessions: z.number(),
});

/** One of the user's own sessions (`GET /auth/sessions`). */
export const ownSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The session this call came with. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;
export const ownSessionsResponse = z.object({ sessions: z.array(ownSession) });

/** One of the user's own API tokens (`GET /spapi/data/v1/apiTokens`). */
export const ownApiToken = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type OwnApiToken = z.infer<typeof ownApiToken>;
export const ownApiTokensResponse = z.object({ tokens: z.array(ownApiToken) });
