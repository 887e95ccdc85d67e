import { useState } from 'react';
import { Link } from '../../../app/router';
import type { Breadcrumb } from './breadcrumbTrail';
import { useBreadcrumbTrail, useCurrentUrl, useRecordVisit } from './useBreadcrumbs';
import './breadcrumbs.css';

/** Past this many earlier pages the trail collapses to the first and the last two. */
export const breadcrumbCollapseAfter = 3;

export const breadcrumbTexts = {
  label: 'Breadcrumbs',
  showAll: (hidden: number) => `Show ${hidden} more ${hidden === 1 ? 'breadcrumb' : 'breadcrumbs'}`,
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

/** The bar itself, for a trail already read. */
export function BreadcrumbList({ crumbs, currentName }: BreadcrumbListProps) {
  const [isExpanded, setExpanded] = useState(false);
  if (crumbs.length === 0) return null;
  const collapses = !isExpanded && crumbs.length > breadcrumbCollapseAfter;
  const hidden = collapses ? crumbs.slice(1, -2) : [];
  const shown = collapses ? [crumbs[0]!, ...crumbs.slice(-2)] : crumbs;
  return (
    <nav aria-label={breadcrumbTexts.label} className="pl-breadcrumbs">
      <ol className="pl-breadcrumbs__list">
        {shown.map((crumb, i) => (
          <li key={crumb.id} className="pl-breadcrumbs__item">
            <Link to={crumb.href} className="pl-breadcrumbs__link">
              <span title={crumb.name}>{crumb.name || 'Untitled page'}</span>
            </Link>
            {collapses && i === 0 && (
              <>
                <Separator />
                <button
                  type="button"
                  className="pl-breadcrumbs__more"
                  aria-label={breadcrumbTexts.showAll(hidden.length)}
                  aria-expanded={false}
                  onClick={() => setExpanded(true)}
                >
                  …
                </button>
              </>
            )}
            <Separator />
          </li>
        ))}
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
