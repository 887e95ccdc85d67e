import { type Breakpoint, breakpoints, componentWidths } from '@plinth/schema';
import { z } from 'zod';

/**
 * A component's own style (spec 03 §2, §3): its width in its cell per breakpoint, fill (default) or
 * compact, and whether it shows on each device (default true). Read leniently: a value of the
 * wrong shape takes the default rather than failing the page.
 */
const perBreakpoint = <T extends z.ZodType>(value: T) =>
  z.object({
    lg: value.optional().catch(undefined),
    md: value.optional().catch(undefined),
    sm: value.optional().catch(undefined),
  });

const componentStyleShape = z.looseObject({
  width: perBreakpoint(z.enum(componentWidths)).optional().catch(undefined),
  visibleOnDevice: perBreakpoint(z.boolean()).optional().catch(undefined),
});

export interface ComponentLayoutStyle {
  compactOn: Partial<Record<Breakpoint, boolean>>;
  hiddenOnDevice: Partial<Record<Breakpoint, boolean>>;
}

export function readComponentLayoutStyle(
  style: unknown,
  elementWidth: (bp: Breakpoint) => 'fill' | 'compact' | undefined = () => undefined,
): ComponentLayoutStyle {
  const parsed = componentStyleShape.safeParse(style ?? {});
  const value = parsed.success ? parsed.data : {};
  const compactOn: ComponentLayoutStyle['compactOn'] = {};
  const hiddenOnDevice: ComponentLayoutStyle['hiddenOnDevice'] = {};
  for (const bp of breakpoints) {
    // The element's layout style wins over the component's own setting.
    if ((elementWidth(bp) ?? value.width?.[bp] ?? 'fill') === 'compact') compactOn[bp] = true;
    if (value.visibleOnDevice?.[bp] === false) hiddenOnDevice[bp] = true;
  }
  return { compactOn, hiddenOnDevice };
}
