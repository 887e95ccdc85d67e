import type { ReactNode } from 'react';

/** Small stroke icons (16 px, currentColor), so no emoji font is needed. Decorative: aria-hidden. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function CalendarIcon() {
  return (
    <Icon>
      <rect x="2" y="3" width="12" height="11" rx="1.5" />
      <path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
    </Icon>
  );
}

export function LinkIcon() {
  return (
    <Icon>
      <path d="M6.5 9.5l3-3" />
      <path d="M7 4.5l1.5-1.5a2.5 2.5 0 013.5 3.5L10.5 8M9 11.5L7.5 13a2.5 2.5 0 01-3.5-3.5L5.5 8" />
    </Icon>
  );
}

export function ImageIcon() {
  return (
    <Icon>
      <rect x="2" y="3" width="12" height="10" rx="1.5" />
      <circle cx="6" cy="6.5" r="1.2" />
      <path d="M2.5 12l3.5-3.5 2.5 2.5 2-2 3 3" />
    </Icon>
  );
}

export function SparkleIcon() {
  return (
    <Icon>
      <path d="M8 2l1.4 4.6L14 8l-4.6 1.4L8 14l-1.4-4.6L2 8l4.6-1.4z" />
    </Icon>
  );
}

export function QuoteIcon() {
  return (
    <Icon>
      <path d="M3 10.5c0-3 1-5 3-6M9 10.5c0-3 1-5 3-6" />
      <path d="M3 10.5h2.5V13H3zM9 10.5h2.5V13H9z" />
    </Icon>
  );
}

export function NumberedListIcon() {
  return (
    <Icon>
      <path d="M7 4h7M7 8h7M7 12h7" />
      <path d="M2.5 2.5h1v3M2.5 5.5h2" strokeWidth={1.2} />
      <path d="M2.3 9.5a1 1 0 011.9.4L2.3 13h2.2" strokeWidth={1.2} />
    </Icon>
  );
}

/** A T with a stroke through it: clear the formatting. */
export function ClearFormattingIcon() {
  return (
    <Icon>
      <path d="M3 3h9M7.5 3v10" />
      <path d="M2 14L14 2" />
    </Icon>
  );
}
