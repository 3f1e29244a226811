import { formatDate } from '@web/lib/format-date';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import type { OwnConflict } from '../lib/cycle-fields';

/** Shown above the opportunity once the reviewer has a conflict of interest on it. */
export function ConflictBanner({ conflict }: { conflict: OwnConflict }) {
  return (
    <section
      aria-labelledby="conflict-banner-title"
      className="flex gap-3 rounded-xl border border-destructive/60 bg-destructive/5 p-4"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="space-y-1 text-sm">
        <h2 id="conflict-banner-title" className="font-semibold">
          Conflict of interest declared on {formatDate(conflict.declaredAt)}
        </h2>
        {conflict.reason ? (
          <p className="whitespace-pre-line wrap-anywhere">Reason: {conflict.reason}</p>
        ) : null}
        <p>
          Scoring and commenting on this opportunity are closed and other reviewers' comments are
          hidden. Anything you saved here is kept but no longer counts. Only an administrator can
          withdraw the declaration.
        </p>
      </div>
    </section>
  );
}
