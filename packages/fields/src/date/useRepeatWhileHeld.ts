import { useCallback, useEffect, useRef } from 'react';

/** A held stepper repeats at this interval (spec 02 §9: time stepper repeats every 150 ms). */
export const stepperRepeatMs = 150;

/**
 * Press handlers that run `action` once on press and then every 150 ms until released (pointer up,
 * leave or cancel). Keyboard activation runs it once per key press.
 */
export function useRepeatWhileHeld(action: () => void, intervalMs = stepperRepeatMs) {
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const latest = useRef(action);
  latest.current = action;
  const stop = useCallback(() => {
    clearInterval(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => stop, [stop]);
  return {
    onPointerDown: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      stop();
      latest.current();
      timer.current = setInterval(() => latest.current(), intervalMs);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onKeyDown: (event: { key: string; preventDefault: () => void }) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        latest.current();
      }
    },
  };
}
