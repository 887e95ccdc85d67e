import { useEffect, useRef } from 'react';
import type { PageBus, PageFormMode } from './pageBus';
import { initialPageSaveState, pageSaveStep } from './pageSaveLogic';

/**
 * The page logic on the bus (spec 01 §4 'Runner page logic'): the save round of pageSaveLogic,
 * form-mode changes broadcast to the components, and the page's dirty state reported to the host.
 */
export function usePageLogic(
  bus: PageBus,
  formMode: PageFormMode,
  onDirtyChange: ((dirty: boolean) => void) | undefined,
): void {
  const reportDirty = useRef(onDirtyChange);
  reportDirty.current = onDirtyChange;
  useEffect(() => {
    let state = initialPageSaveState;
    let dirty = bus.isDirty();
    return bus.subscribe((message) => {
      const step = pageSaveStep(state, message);
      state = step.state;
      for (const answer of step.send) bus.send(answer);
      if (bus.isDirty() !== dirty) {
        dirty = bus.isDirty();
        reportDirty.current?.(dirty);
      }
    });
  }, [bus]);

  const lastMode = useRef(formMode);
  useEffect(() => {
    if (lastMode.current === formMode) return;
    lastMode.current = formMode;
    bus.send({ type: 'FORM_MODE_CHANGED', formMode });
  }, [bus, formMode]);
}
