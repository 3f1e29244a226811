import { parseDeadline } from '@shared/review-clock';
import { formatDateTime } from '@web/lib/format-date';
import { formatTimeLeft } from '@web/lib/format-time-left';
import { useServerTime } from '@web/lib/use-server-time';
import Clock from 'lucide-react/icons/clock';
import Lock from 'lucide-react/icons/lock';
import type { ReviewClockState } from '../api/reviewer-workspace-queries';

/** Said on the detail page while input the server has not got is kept in this browser. */
export const KEPT_CHANGES_MESSAGE =
  'Your latest changes were not saved because reviewing closed. They are kept in this browser and will be saved if reviewing reopens.';

/**
 * The review clock as a reviewer sees it (issue 34): with a deadline, when reviewing closes and
 * the time left (by the server's clock); once closed, a banner saying so; with no deadline and
 * reviewing open, nothing, so the spec's pages stay as they were. `hasKeptChanges`: the detail
 * page holds input that reviewing closed before it was saved.
 */
export function ReviewClockNotice({
  clock,
  anchor,
  hasKeptChanges = false,
}: ReviewClockState & { hasKeptChanges?: boolean }) {
  const deadline = clock?.deadline ? parseDeadline(clock.deadline) : null;
  const isCountingDown = clock?.phase === 'open' && deadline !== null;
  const serverNow = useServerTime(isCountingDown ? anchor : null);
  if (!clock) return null;
  if (clock.phase === 'closed') {
    const closedAt = clock.closedAt ?? deadline ?? clock.now;
    return (
      <section
        role="status"
        aria-labelledby="reviewing-closed-title"
        className="flex gap-3 rounded-xl border border-destructive/60 bg-destructive/5 p-4"
      >
        <Lock className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="space-y-1 text-sm">
          <h2 id="reviewing-closed-title" className="font-semibold">
            Reviewing closed on {formatDateTime(closedAt)}
          </h2>
          <p>
            Scores and comments can no longer be changed. Everything you saved before then is kept.
          </p>
          {hasKeptChanges ? <p className="font-medium">{KEPT_CHANGES_MESSAGE}</p> : null}
        </div>
      </section>
    );
  }
  if (!deadline || serverNow === null) return null;
  const left = deadline.getTime() - serverNow;
  return (
    <p
      data-testid="review-deadline-notice"
      className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm"
    >
      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Reviewing closes on {formatDateTime(deadline)} ·{' '}
        {left > 0 ? `${formatTimeLeft(left)} left` : 'closing now'}
      </span>
    </p>
  );
}
