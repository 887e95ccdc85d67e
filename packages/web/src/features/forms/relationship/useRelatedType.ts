import { typeSchemaResponse } from '@plinth/schema';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../api/apiClient';

/** What a relationship table needs of the related type: its name and whether the user may create one. */
export interface RelatedTypeInfo {
  name: string;
  /** False: the control carries createAccessDenied (spec 03 §6) and offers no New button. */
  canCreateType: boolean;
  isAbstract: boolean;
}

/** Reads the related type's schema once per type; null until it is read (or when it cannot be). */
export function useRelatedType(client: ApiClient, typeId: number): RelatedTypeInfo | null {
  const [info, setInfo] = useState<RelatedTypeInfo | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    client
      .call('GET', `/spapi/data/v1/schema/type/${typeId}`, typeSchemaResponse, undefined, controller.signal)
      .then(
        (schema) =>
          !controller.signal.aborted &&
          setInfo({
            name: schema.type.name,
            canCreateType: schema.canCreateType,
            isAbstract: schema.type.isAbstract,
          }),
        () => !controller.signal.aborted && setInfo(null),
      );
    return () => controller.abort();
  }, [client, typeId]);
  return info;
}
