import type { ReactNode } from 'react';

/** The right panel's own pieces; its inputs are the admin screens' (PropertyText, PropertySelect). */

/** A titled group of the panel (Styling, Layout, Behaviour…). */
export function PropertyGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="pl-builder-panel__group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** Options from a list of stored values, each shown as itself, with "Default" ('') first. */
export function optionsOf<T extends string>(
  values: readonly T[],
  names: Partial<Record<T, string>> = {},
): Array<{ id: T | ''; name: string }> {
  return [{ id: '', name: 'Default' }, ...values.map((v) => ({ id: v, name: names[v] ?? v }))];
}
