import { isWebLink, linkFor, linkRel, linkTarget } from '@plinth/schema';
import { ConfirmDialog } from '@plinth/ui';
import { useState } from 'react';
import { leaveSiteMessage, leavesSite, useExternalLinkConfirmation } from './externalLinks';

export interface LinkTextProps {
  value: string;
}

/**
 * Read-only text: a link when the value is one (spec 03 "Links"), else text. Web links open in a
 * new tab, after asking whether to leave the site when they lead to another one and the tenant
 * has not turned the question off; mail and phone links open in place.
 */
export function LinkText({ value }: LinkTextProps) {
  const confirms = useExternalLinkConfirmation();
  const [isAsking, setAsking] = useState(false);
  const href = linkFor(value);
  if (href === null) return <span className="pl-read-only-text">{value}</span>;
  const isWeb = isWebLink(href);
  return (
    <>
      <a
        className="pl-read-only-text pl-link"
        href={href}
        {...(isWeb ? { target: linkTarget, rel: linkRel } : {})}
        onClick={(event) => {
          if (!isWeb || !confirms || !leavesSite(href)) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        {value}
      </a>
      {isAsking && (
        <ConfirmDialog
          title="Leave this site"
          message={leaveSiteMessage}
          isOpen
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            window.open(href, linkTarget, 'noopener,noreferrer');
          }}
        />
      )}
    </>
  );
}
