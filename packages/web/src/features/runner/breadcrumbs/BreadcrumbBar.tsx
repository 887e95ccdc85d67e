import { useState } from 'react';
import { Link } from '../../../app/router';
import type { Breadcrumb } from './breadcrumbTrail';
import { useBreadcrumbTrail, useCurrentUrl, useRecordVisit } from './useBreadcrumbs';
import './breadcrumbs.css';

/** Past this many earlier pages the trail collapses to the first and the last two. */
export const breadcrumbCollapseAfter = 3;

export const breadcrumbTexts = {
  label: 'Breadcrumbs',
  showAll: 'Show all breadcrumbs',
} as const;

export interface BreadcrumbBarProps {
  /** The page shown: its title or its record's name; the last crumb, not a link. */
  currentName: string | undefined;
  /** The current page's URL; default the browser's. */
  url?: string;
  /** Also record this visit in the breadcrumb store (default true). */
  recordsVisit?: boolean;
}

/**
 * The trail of pages that led here, above the page (spec 01 §4, §7): links back along it, the
 * current page last and not a link. Nothing is shown without a trail. A long trail shows its first
 * page, a button that reveals the hidden ones, and its last two.
 */
export function BreadcrumbBar({ currentName, url, recordsVisit = true }: BreadcrumbBarProps) {
  const current = useCurrentUrl();
  const pageUrl = url ?? current;
  useRecordVisit({ url: pageUrl, name: recordsVisit ? currentName : undefined });
  const crumbs = useBreadcrumbTrail(pageUrl);
  return <BreadcrumbList key={pageUrl} crumbs={crumbs} currentName={currentName} />;
}

export interface BreadcrumbListProps {
  crumbs: readonly Breadcrumb[];
  currentName: string | undefined;
}

/**
 * The bar itself, for a trail already read. Wide, a long trail shows its first page, a button that
 * reveals the hidden ones, and its last two; narrow (below 640 px), only the button, the page one
 * up and the current page. Expanded, every page shows, wrapping onto more lines.
 */
export function BreadcrumbList({ crumbs, currentName }: BreadcrumbListProps) {
  const [isExpanded, setExpanded] = useState(false);
  if (crumbs.length === 0) return null;
  const collapses = !isExpanded && crumbs.length > breadcrumbCollapseAfter;
  const last = crumbs.length - 1;
  const more = (className: string) => (
    <li key="more" className={className}>
      <button
        type="button"
        className="pl-breadcrumbs__more"
        aria-label={breadcrumbTexts.showAll}
        aria-expanded={false}
        onClick={() => setExpanded(true)}
      >
        …
      </button>
      <Separator />
    </li>
  );
  const items = crumbs.flatMap((crumb, i) => {
    if (collapses && i > 0 && i < last - 1) return [];
    const className = `pl-breadcrumbs__item${i < last && !isExpanded ? ' pl-breadcrumbs__item--earlier' : ''}`;
    const item = (
      <li key={crumb.id} className={className}>
        <Link to={crumb.href} className="pl-breadcrumbs__link">
          <span title={crumb.name}>{crumb.name || 'Untitled page'}</span>
        </Link>
        <Separator />
      </li>
    );
    if (collapses && i === 0) return [item, more('pl-breadcrumbs__item pl-breadcrumbs__item--more')];
    if (!collapses && !isExpanded && i === 0 && last > 0)
      return [
        more('pl-breadcrumbs__item pl-breadcrumbs__item--more pl-breadcrumbs__item--narrow-only'),
        item,
      ];
    return [item];
  });
  return (
    <nav
      aria-label={breadcrumbTexts.label}
      className={`pl-breadcrumbs${isExpanded ? ' pl-breadcrumbs--expanded' : ''}`}
    >
      <ol className="pl-breadcrumbs__list">
        {items}
        <li className="pl-breadcrumbs__item pl-breadcrumbs__item--current">
          <span aria-current="page" title={currentName}>
            {currentName}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function Separator() {
  return (
    <span className="pl-breadcrumbs__separator" aria-hidden="true">
      /
    </span>
  );
}
