import { isWebLink, linkFor, linkRel, linkTarget } from '@plinth/schema';

export interface LinkTextProps {
  value: string;
}

/** Read-only text: a link when the value is one (spec 03 "Links"), opened in a new tab; else text. */
export function LinkText({ value }: LinkTextProps) {
  const href = linkFor(value);
  if (href === null) return <span className="pl-read-only-text">{value}</span>;
  return (
    <a
      className="pl-read-only-text pl-link"
      href={href}
      {...(isWebLink(href) ? { target: linkTarget, rel: linkRel } : {})}
    >
      {value}
    </a>
  );
}
