import type { HeadingComponentProperties } from '@plinth/schema';
import type { PageComponentProps } from '../componentRegistry';

/** A heading (levels 1–4): the page's own level 1 is its title, so page headings start at h2 by default. */
export function HeadingComponent({ properties }: PageComponentProps<HeadingComponentProperties>) {
  const Tag = (['h1', 'h2', 'h3', 'h4'] as const)[Math.min(4, Math.max(1, properties.level)) - 1]!;
  return <Tag className={`pl-page-heading pl-page-heading--${properties.level}`}>{properties.text}</Tag>;
}
