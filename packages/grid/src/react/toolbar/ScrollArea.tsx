import { type CSSProperties, type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface ScrollAreaProps {
  className: string;
  style?: CSSProperties;
  children: ReactNode;
}

/** Content a little past the edge does not count: sub-pixel layout leaves a pixel or so. */
const slack = 2;

/**
 * A scrolling box that shows it scrolls: `data-more-above` and `data-more-below` are set while
 * content lies past that edge, and the styles draw a shadow there (toolbar.css).
 */
export function ScrollArea({ className, style, children }: ScrollAreaProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ above: false, below: false });
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const above = box.scrollTop > slack;
    const below = box.scrollHeight - box.clientHeight - box.scrollTop > slack;
    setEdges((was) => (was.above === above && was.below === below ? was : { above, below }));
  }, []);
  useLayoutEffect(() => {
    measure();
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    // The content grows and shrinks as filters are edited; the box with the window.
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of Array.from(box.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <div
      ref={ref}
      className={className}
      style={style}
      onScroll={measure}
      {...(edges.above ? { 'data-more-above': 'true' } : {})}
      {...(edges.below ? { 'data-more-below': 'true' } : {})}
    >
      {children}
    </div>
  );
}
