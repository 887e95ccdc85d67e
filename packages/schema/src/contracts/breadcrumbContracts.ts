import { z } from 'zod';

/** The most names one call encrypts or decrypts: a trail is far shorter (decision 0071). */
export const breadcrumbBatchMax = 50;
/** The longest breadcrumb name, in characters: a page title or a record name (spec 01 §9 text max). */
export const breadcrumbNameMax = 1000;
/** The longest sealed name: a name of the maximum length in UTF-8, sealed and base64url encoded. */
export const sealedBreadcrumbMax = 4200;

/**
 * `POST /spapi/data/v1/breadcrumbs/encrypt` (spec 01 §7 "Encrypt and decrypt breadcrumb names"):
 * the names of pages a user visited, sealed with the tenant's breadcrumb key so the browser's store
 * (`rn-app-runner`) never holds them in clear (decision 0071).
 */
export const encryptBreadcrumbsRequest = z
  .object({ names: z.array(z.string().max(breadcrumbNameMax)).min(1).max(breadcrumbBatchMax) })
  .strict();
export type EncryptBreadcrumbsRequest = z.infer<typeof encryptBreadcrumbsRequest>;

/** The sealed names, in the order asked. */
export const encryptBreadcrumbsResponse = z.object({ values: z.array(z.string()) });
export type EncryptBreadcrumbsResponse = z.infer<typeof encryptBreadcrumbsResponse>;

/**
 * `POST /spapi/data/v1/breadcrumbs/decrypt`: sealed names back to names. A value that was not
 * sealed for this tenant and user, or was changed, is refused with 400 `bad_request` (the browser
 * then shows no trail, spec 01 §8).
 */
export const decryptBreadcrumbsRequest = z
  .object({
    values: z.array(z.string().min(1).max(sealedBreadcrumbMax)).min(1).max(breadcrumbBatchMax),
  })
  .strict();
export type DecryptBreadcrumbsRequest = z.infer<typeof decryptBreadcrumbsRequest>;

/** The names, in the order asked. */
export const decryptBreadcrumbsResponse = z.object({ names: z.array(z.string()) });
export type DecryptBreadcrumbsResponse = z.infer<typeof decryptBreadcrumbsResponse>;
