import { type RefObject, useEffect, useState } from 'react';

/**
 * The width of an element, measured when it mounts and again `delayMs` after the last window
 * resize (a drag fires dozens of resize events; the layout follows once it settles). 0 until known.
 */
export function useDebouncedWidth(ref: RefObject<HTMLElement | null>, delayMs: number): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const measure = () => setWidth(ref.current?.getBoundingClientRect().width ?? 0);
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, delayMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [ref, delayMs]);
  return width;
}
