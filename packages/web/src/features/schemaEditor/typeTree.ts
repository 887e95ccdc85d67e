import type { SchemaTypeSummary } from './schemaApi';

/** One row of the Objects list: an Object, how deep under its base it sits, and its base's name. */
export interface TypeRow {
  type: SchemaTypeSummary;
  depth: number;
  baseName: string | null;
}

/**
 * The tenant's own Objects as a list with derived Objects under their base, each level by name.
 * With a search, an Object shows when its name or script name holds the words (any case), and its
 * bases show above it so it stays where it belongs.
 */
export function typeRows(types: readonly SchemaTypeSummary[], search = ''): TypeRow[] {
  const byId = new Map(types.map((t) => [t.id, t]));
  const own = types.filter((t) => !t.isSystem);
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (t: SchemaTypeSummary) =>
    words.every((w) => t.name.toLowerCase().includes(w) || t.scriptName.toLowerCase().includes(w));
  const shown = new Set<number>();
  for (const t of own) {
    if (!matches(t)) continue;
    // Its own bases stay shown above it (a system base is not listed).
    for (let at: SchemaTypeSummary | undefined = t; at && !at.isSystem && !shown.has(at.id); ) {
      shown.add(at.id);
      at = at.inheritsId === null ? undefined : byId.get(at.inheritsId);
    }
  }
  const childrenOf = new Map<number | null, SchemaTypeSummary[]>();
  for (const t of own) {
    if (!shown.has(t.id)) continue;
    const parent = t.inheritsId !== null && byId.get(t.inheritsId)?.isSystem === false ? t.inheritsId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), t]);
  }
  const rows: TypeRow[] = [];
  const walk = (parent: number | null, depth: number, seen: Set<number>) => {
    const children = [...(childrenOf.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const child of children) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      const baseId = child.inheritsId;
      rows.push({ type: child, depth, baseName: baseId === null ? null : (byId.get(baseId)?.name ?? null) });
      walk(child.id, depth + 1, seen);
    }
  };
  walk(null, 0, new Set());
  return rows;
}
