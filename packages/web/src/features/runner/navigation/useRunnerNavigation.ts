import type { NavigationAction } from '@plinth/schema';
import { toast } from '@plinth/ui';
import { useCallback, useState } from 'react';
import { navigate, useLocation } from '../../../app/router';
import { trailParam, withTrail } from '../breadcrumbs/public';
import { type NavigationContext, resolveNavigation } from './resolveNavigation';
import type { RunnerTarget } from './runnerTarget';

/** A page opened over the current one (openAs modal). */
export interface ModalTarget {
  target: RunnerTarget;
  /** Its own address, for 'Open as page'. */
  url: string;
}

/** The URL to go to, with the breadcrumb trail the action asks for (appended unless told otherwise). */
export function urlWithBreadcrumbs(
  url: string,
  action: 'append' | 'none' | 'reset',
  current: { url: string; name: string },
): string {
  if (action === 'reset') return withTrail(url, undefined);
  if (action === 'append') return withTrail(url, current);
  const trail = new URLSearchParams(current.url.split('?')[1] ?? '').get(trailParam);
  if (!trail) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${trailParam}=${encodeURIComponent(trail)}`;
}

/**
 * Carries out a page's navigation actions: a move to a route (with the breadcrumb trail), or a
 * page in a modal over this one. An action that goes nowhere shows its spec 01 §8 warning as a
 * toast and logs it.
 */
export function useRunnerNavigation(context: NavigationContext, currentName: string, canOpenModals = true) {
  const { pathname, search, hash } = useLocation();
  const currentUrl = `${pathname}${search}${hash}`;
  const [modal, setModal] = useState<ModalTarget | null>(null);
  const onNavigate = useCallback(
    (action: NavigationAction) => {
      const resolution = resolveNavigation(action, context);
      if (!resolution.ok) {
        console.warn(resolution.warning);
        toast.warning(resolution.warning);
        return;
      }
      if (resolution.openAs === 'modal' && canOpenModals) {
        setModal({ target: resolution.target, url: resolution.url });
        return;
      }
      navigate(
        urlWithBreadcrumbs(resolution.url, resolution.breadcrumbAction, {
          url: currentUrl,
          name: currentName,
        }),
      );
    },
    [context, currentUrl, currentName, canOpenModals],
  );
  /**
   * Leaves the modal for its page (or for `url`, a modal opened inside it), the current page
   * joining the trail.
   */
  const openModalAsPage = useCallback(
    (url?: string) => {
      if (!modal) return;
      setModal(null);
      navigate(withTrail(url ?? modal.url, { url: currentUrl, name: currentName }));
    },
    [modal, currentUrl, currentName],
  );
  return { onNavigate, modal, closeModal: () => setModal(null), openModalAsPage };
}
