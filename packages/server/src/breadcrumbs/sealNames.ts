import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { badRequest } from '../http/errors.js';

const version = 'v1.';
const ivBytes = 12;
const tagBytes = 16;

/** Who a sealed name belongs to: it opens only for the same tenant (its key) and user. */
export interface SealScope {
  tenantId: number;
  userId: number;
}

/** Binds a sealed name to its tenant and user, so a value copied to another opens for nobody. */
const additionalData = (scope: SealScope) =>
  Buffer.from(`plinth-breadcrumb:${scope.tenantId}:${scope.userId}`, 'utf8');

/**
 * Seals a name with AES-256-GCM: `v1.` and base64url of a random 96-bit IV, the 128-bit tag and
 * the ciphertext (decision 0071).
 */
export function sealName(key: Buffer, scope: SealScope, name: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(additionalData(scope));
  const body = Buffer.concat([cipher.update(name, 'utf8'), cipher.final()]);
  return version + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The message for a value that does not open: changed, cut, or sealed for another tenant or user. */
export const notSealedHere = 'A breadcrumb name is not valid: it was changed or sealed for another user.';

/**
 * Opens a sealed name; a value that was changed, cut, or sealed with another tenant's key or for
 * another user is a 400 naming its position, never a 500.
 */
export function openName(key: Buffer, scope: SealScope, value: string, index: number): string {
  const refuse = () => badRequest(notSealedHere, [{ path: `/values/${index}` }]);
  if (!value.startsWith(version)) throw refuse();
  const text = value.slice(version.length);
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw refuse();
  const raw = Buffer.from(text, 'base64url');
  // Node skips characters past the last whole byte: only the exact encoding is the sealed value.
  if (raw.length < ivBytes + tagBytes || raw.toString('base64url') !== text) throw refuse();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, ivBytes), {
      authTagLength: tagBytes,
    });
    decipher.setAAD(additionalData(scope));
    decipher.setAuthTag(raw.subarray(ivBytes, ivBytes + tagBytes));
    return Buffer.concat([decipher.update(raw.subarray(ivBytes + tagBytes)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw refuse();
  }
}
