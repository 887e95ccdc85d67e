import { componentType, type PageComponent, readComponentProperties } from '@plinth/schema';

/** The words a component shows that tell it apart on the canvas: its title, text or label. */
function summaryOf(properties: Record<string, unknown>): string | null {
  for (const key of ['title', 'text', 'label'] as const) {
    const value = properties[key];
    if (typeof value === 'string' && value.trim().length > 0) return value;
  }
  return null;
}

/** A component as the builder draws it: its name and type, and whether it still needs setting up. */
export function ComponentCard({ component }: { component: PageComponent | undefined }) {
  if (!component) return <div className="pl-builder-card pl-builder-card--missing">Component not found</div>;
  const type = componentType(component.typeAlias);
  const read = readComponentProperties(component.typeAlias, component.properties);
  const summary = summaryOf(component.properties);
  return (
    <div className="pl-builder-card">
      <span className="pl-builder-card__name">{component.name || component.id}</span>
      <span className="pl-builder-card__type">{type?.label ?? 'Unknown component type'}</span>
      {summary && <span className="pl-builder-card__summary">{summary}</span>}
      {read && !read.configured && <span className="pl-builder-card__note">Not configured</span>}
    </div>
  );
}
