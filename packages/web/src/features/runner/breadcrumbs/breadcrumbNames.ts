import {
  breadcrumbBatchMax,
  breadcrumbNameMax,
  decryptBreadcrumbsRequest,
  decryptBreadcrumbsResponse,
  encryptBreadcrumbsRequest,
  encryptBreadcrumbsResponse,
} from '@plinth/schema';
import type { ApiClient } from '../../../api/apiClient';

/** The server's calls that seal and open breadcrumb names with the tenant's key (spec 01 §7). */
export interface BreadcrumbNameSealer {
  seal(names: readonly string[]): Promise<string[]>;
  open(values: readonly string[]): Promise<string[]>;
}

/** The sealer over the API client; long names are cut to the server's limit. */
export function breadcrumbNameSealer(client: ApiClient): BreadcrumbNameSealer {
  return {
    async seal(names) {
      const values: string[] = [];
      for (let i = 0; i < names.length; i += breadcrumbBatchMax) {
        const batch = names.slice(i, i + breadcrumbBatchMax).map((n) => n.slice(0, breadcrumbNameMax));
        const answer = await client.call(
          'POST',
          '/spapi/data/v1/breadcrumbs/encrypt',
          encryptBreadcrumbsResponse,
          encryptBreadcrumbsRequest.parse({ names: batch }),
        );
        values.push(...answer.values);
      }
      return values;
    },
    async open(values) {
      const names: string[] = [];
      for (let i = 0; i < values.length; i += breadcrumbBatchMax) {
        const answer = await client.call(
          'POST',
          '/spapi/data/v1/breadcrumbs/decrypt',
          decryptBreadcrumbsResponse,
          decryptBreadcrumbsRequest.parse({ values: values.slice(i, i + breadcrumbBatchMax) }),
        );
        names.push(...answer.names);
      }
      return names;
    },
  };
}
