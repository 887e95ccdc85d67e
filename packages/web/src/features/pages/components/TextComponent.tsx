import { sanitizeRichText } from '@plinth/fields';
import type { TextComponentProperties } from '@plinth/schema';
import { useMemo } from 'react';
import type { PageComponentProps } from '../componentRegistry';

/** Rich text, sanitised with the rich-text allow-list before it reaches the page (never raw HTML). */
export function TextComponent({ properties }: PageComponentProps<TextComponentProperties>) {
  const html = useMemo(() => sanitizeRichText(properties.html ?? ''), [properties.html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichText just above.
  return <div className="pl-page-text pl-rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
