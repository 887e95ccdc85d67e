import type { SelectOption } from '@plinth/fields';
import { useEffect, useState } from 'react';
import { useSession } from '../../auth/public';

/** A choice type's values as options (retired ones left out), read once per component. */
export function useChoiceOptions(typeId: number, isWanted: boolean): SelectOption[] {
  const { client } = useSession();
  const [options, setOptions] = useState<SelectOption[]>([]);
  useEffect(() => {
    if (!isWanted || typeId <= 0) return;
    const controller = new AbortController();
    client.enumValues(typeId, controller.signal).then(
      (values) => {
        if (controller.signal.aborted) return;
        setOptions(
          values
            .filter((c) => !c.isRetired)
            .map((c) => ({ id: c.id, label: c.name ?? 'Unnamed resource', colour: c.colour })),
        );
      },
      () => {
        // The options stay empty; the select list beside it reads them the same way.
      },
    );
    return () => controller.abort();
  }, [client, typeId, isWanted]);
  return options;
}
