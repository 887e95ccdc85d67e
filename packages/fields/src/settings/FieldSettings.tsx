import { createContext, type ReactNode, useContext } from 'react';

/** Tenant-wide settings the building blocks read (fetched by the web app; defaults on failure). */
export interface FieldSettings {
  /** Currency symbol, default '$' (spec 02 §9). */
  currencySymbol: string;
  /** Locale for dates and lists, default 'en-AU'. */
  locale: string;
}

export const defaultFieldSettings: FieldSettings = { currencySymbol: '$', locale: 'en-AU' };

const FieldSettingsContext = createContext<FieldSettings>(defaultFieldSettings);

export function FieldSettingsProvider({ value, children }: { value: FieldSettings; children: ReactNode }) {
  return <FieldSettingsContext.Provider value={value}>{children}</FieldSettingsContext.Provider>;
}

/** The tenant's field settings, or the defaults outside a provider. */
export function useFieldSettings(): FieldSettings {
  return useContext(FieldSettingsContext);
}
