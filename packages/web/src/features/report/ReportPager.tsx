import { arePageNumbersHidden, type Breakpoint, IconButton, type PagerSlot } from '@plinth/grid';
import { Button } from '@plinth/ui';

export interface ReportPagerProps {
  page: number;
  availablePagesCount: number;
  slots: readonly PagerSlot[];
  containerWidth: number;
  breakpoint: Breakpoint;
  isDisabled?: boolean;
  onGotoPage: (page: number) => void;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * The footer's pager (spec 02 §9): previous, a window of pages with ellipses, next; the page
 * numbers hide when the footer is narrow (413 px at lg, 478 px at md).
 */
export function ReportPager({
  page,
  availablePagesCount,
  slots,
  containerWidth,
  breakpoint,
  isDisabled = false,
  onGotoPage,
  onPrevious,
  onNext,
}: ReportPagerProps) {
  const showNumbers = !arePageNumbersHidden(containerWidth, breakpoint);
  return (
    <nav className="pl-report__pager" aria-label="Pages">
      <IconButton
        size="small"
        label="Previous page"
        isDisabled={isDisabled || page <= 1}
        onPress={onPrevious}
      >
        ‹
      </IconButton>
      {showNumbers &&
        slots.map((slot, i) =>
          slot === 'ellipsis' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity but their place
            <span key={`ellipsis-${i}`} className="pl-report__pager-ellipsis" aria-hidden="true">
              …
            </span>
          ) : (
            <Button
              key={slot}
              variant={slot === page ? 'primary' : 'subtle'}
              size="small"
              aria-label={`Page ${slot}`}
              aria-current={slot === page ? 'page' : undefined}
              isDisabled={isDisabled}
              onPress={() => onGotoPage(slot)}
            >
              {slot}
            </Button>
          ),
        )}
      <IconButton
        size="small"
        label="Next page"
        isDisabled={isDisabled || page >= availablePagesCount}
        onPress={onNext}
      >
        ›
      </IconButton>
    </nav>
  );
}
