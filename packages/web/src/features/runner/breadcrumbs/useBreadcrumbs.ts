import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../api/apiClient';
import { useLocation } from '../../../app/router';
import { useSession } from '../../auth/public';
import { breadcrumbNameSealer } from './breadcrumbNames';
import { openBreadcrumbStore } from './breadcrumbStore';
import { type Breadcrumb, BreadcrumbTrail } from './breadcrumbTrail';
import type { TrailPage } from './trailUrl';

/** One trail per API client, that is per signed-in session of the page. */
const trails = new WeakMap<ApiClient, BreadcrumbTrail>();

function trailOfClient(client: ApiClient): BreadcrumbTrail {
  let trail = trails.get(client);
  if (!trail) {
    trail = new BreadcrumbTrail({ openStore: openBreadcrumbStore, sealer: breadcrumbNameSealer(client) });
    trails.set(client, trail);
  }
  return trail;
}

/** The URL the browser shows, as the router knows it: path, query and hash. */
export function useCurrentUrl(): string {
  const { pathname, search, hash } = useLocation();
  return `${pathname}${search}${hash}`;
}

/**
 * Records the visit of the page shown (its URL and name) in the breadcrumb store, once the name is
 * known (`name` undefined or blank: not yet) and again whenever either changes.
 */
export function useRecordVisit(page: { url?: string; name: string | undefined }): void {
  const { client } = useSession();
  const current = useCurrentUrl();
  const url = page.url ?? current;
  const name = page.name?.trim();
  useEffect(() => {
    if (name) void trailOfClient(client).recordVisit({ url, name });
  }, [client, url, name]);
}

/** The breadcrumbs of the trail `url` carries (default: the current URL); [] while loading or on failure. */
export function useBreadcrumbTrail(url?: string): Breadcrumb[] {
  const { client } = useSession();
  const current = useCurrentUrl();
  const of = url ?? current;
  const [crumbs, setCrumbs] = useState<{ url: string; crumbs: Breadcrumb[] }>({ url: of, crumbs: [] });
  useEffect(() => {
    let isCurrent = true;
    void trailOfClient(client)
      .load(of)
      .then((loaded) => {
        if (isCurrent) setCrumbs({ url: of, crumbs: loaded });
      });
    return () => {
      isCurrent = false;
    };
  }, [client, of]);
  return crumbs.url === of ? crumbs.crumbs : [];
}

export type { TrailPage };
