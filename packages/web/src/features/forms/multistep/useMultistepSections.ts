import {
  breakpoints,
  type MultistepSection,
  multistepSections,
  type PageVersionContent,
} from '@plinth/schema';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { PageBus, PageMessage } from '../../pages/public';

/** The page as one step shows it: the other sections hidden on every breakpoint, still mounted. */
export function contentForStep(content: PageVersionContent, sections: MultistepSection[], step: number) {
  const hidden = new Set(sections.filter((_, i) => i !== step).map((s) => s.id));
  const root = content.configuration.root;
  return {
    ...content,
    configuration: {
      ...content.configuration,
      root: {
        ...root,
        elements: root.elements.map((e) =>
          hidden.has(e.id)
            ? {
                ...e,
                styles: Object.fromEntries(
                  breakpoints.map((bp) => [bp, { ...(e.styles[bp] ?? {}), hidden: true }]),
                ),
              }
            : e,
        ),
      },
    },
  };
}

/**
 * The sections of a multistep page and the step's share of the page bus: the components of the
 * other sections are reported hidden (VISIBILITY_CHANGED, merged with the page's own behaviour
 * rules), so the form page neither checks nor custom-validates them — spec 03 §5 "outside the active
 * multistep section" (decision 0093). Components stay mounted and keep their values.
 */
export function useMultistepSections(content: PageVersionContent, bus: PageBus, step: number) {
  const sections = useMemo(() => multistepSections(content), [content]);
  const shown = useMemo(() => contentForStep(content, sections, step), [content, sections, step]);
  const rules = useRef<Readonly<Record<string, boolean>>>({});
  const own = useRef<PageMessage | null>(null);
  const announce = useCallback(() => {
    const hidden = sections.filter((_, i) => i !== step).flatMap((s) => s.componentIds);
    const message: PageMessage = {
      type: 'VISIBILITY_CHANGED',
      visible: { ...rules.current, ...Object.fromEntries(hidden.map((id) => [id, false])) },
    };
    own.current = message;
    bus.send(message);
  }, [bus, sections, step]);
  useEffect(() => {
    announce();
    return bus.subscribe((message) => {
      if (message.type !== 'VISIBILITY_CHANGED' || message === own.current) return;
      // The page's behaviour rules spoke: keep them, and the step's hidden sections over them.
      rules.current = message.visible;
      announce();
    });
  }, [bus, announce]);
  return { sections, shown, announce };
}
