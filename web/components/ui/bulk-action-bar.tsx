import type { LucideIcon } from 'lucide-react';
import { Button } from './button';
import { PendingButton } from './submit-button';

export type BulkAction<Key extends string> = { key: Key; label: string; icon: LucideIcon };

/**
 * What can be done to the checked rows of a table: how many are checked, one button per action
 * (each makes one call; all wait while one runs) and a way to uncheck them all. Shown only while
 * some rows are checked.
 */
export function BulkActionBar<Key extends string>({
  count,
  label,
  actions,
  pendingAction,
  onAction,
  onClear,
}: {
  count: number;
  /** Names the region for screen readers ('Bulk actions on opportunities'). */
  label: string;
  actions: readonly BulkAction<Key>[];
  /** The action whose call is running, if any. */
  pendingAction: Key | undefined;
  onAction: (key: Key) => void;
  onClear: () => void;
}) {
  if (count === 0) return null;
  return (
    <section
      aria-label={label}
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2"
    >
      <p className="mr-auto text-sm font-medium">{count} selected</p>
      {actions.map(({ key, label: actionLabel, icon: Icon }) => (
        <PendingButton
          key={key}
          variant="outline"
          size="sm"
          isPending={pendingAction === key}
          disabled={pendingAction !== undefined}
          icon={<Icon aria-hidden="true" />}
          onClick={() => onAction(key)}
        >
          {actionLabel}
        </PendingButton>
      ))}
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear selection
      </Button>
    </section>
  );
}
