import { Button } from '@web/components/ui/button';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useReviewerOpportunities } from '../api/reviewer-workspace-queries';
import { neighboursOf } from '../lib/filter-opportunities';
import { isTypingTarget, pagerShortcutOf } from '../lib/pager-shortcut';

/**
 * 'Back to Opportunities' and Previous/Next in list order, also on Alt+ArrowLeft/Alt+ArrowRight
 * (not while typing in a text field). `beforeLeave` runs first (it saves complete work); false
 * keeps the reviewer here. `onShortcut` runs before a keyboard move, so the next page can take
 * the focus that leaves with this one.
 */
export function OpportunityPager({
  opportunityId,
  beforeLeave,
  onShortcut,
}: {
  opportunityId: string;
  beforeLeave?: () => Promise<boolean>;
  onShortcut?: () => void;
}) {
  const { data: opportunities } = useReviewerOpportunities();
  const { previous, next } = neighboursOf(opportunities, opportunityId);
  const [, navigate] = useLocation();
  // A ref, not the disabled attribute: disabling the focused button would drop keyboard focus.
  const isLeaving = useRef(false);

  const go = async (id: string, isShortcut = false) => {
    if (isLeaving.current) return;
    isLeaving.current = true;
    try {
      if (beforeLeave && !(await beforeLeave())) return;
      if (isShortcut) onShortcut?.();
      navigate(`/reviewer/opportunities/${id}`);
    } finally {
      isLeaving.current = false;
    }
  };

  // The listener is added once and reads the latest neighbours through this ref.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => {});
  onKey.current = (event) => {
    const direction = pagerShortcutOf(event);
    if (!direction || event.defaultPrevented || isTypingTarget(event.target)) return;
    event.preventDefault();
    const target = direction === 'next' ? next : previous;
    if (target && !event.repeat) void go(target.id, true);
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  return (
    <nav aria-label="Opportunity navigation" className="flex flex-wrap items-center gap-2">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link href="/reviewer/opportunities">
          <ArrowLeft aria-hidden="true" />
          Back to Opportunities
        </Link>
      </Button>
      <div className="ml-auto flex items-center gap-2">
        {/* No keyboard on a phone: the tip shows from tablet widths on. */}
        <p className="hidden text-xs text-muted-foreground md:block" data-testid="keyboard-tip">
          Tip: press <kbd className="font-sans font-semibold">1</kbd>-
          <kbd className="font-sans font-semibold">5</kbd> to score;{' '}
          <kbd className="font-sans font-semibold">Alt+←</kbd> previous,{' '}
          <kbd className="font-sans font-semibold">Alt+→</kbd> next
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={!previous}
          aria-keyshortcuts="Alt+ArrowLeft"
          onClick={() => previous && void go(previous.id)}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!next}
          aria-keyshortcuts="Alt+ArrowRight"
          onClick={() => next && void go(next.id)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
