import type { LastEmail } from '@shared/reviewer-admin-schemas';
import { EmptyValue } from '@web/components/ui/empty-value';

const typeLabels: Record<LastEmail['type'], string> = {
  invitation: 'Invitation',
  review_reminder: 'Reminder',
  new_opportunity: 'New Opportunity',
  discussion_digest: 'Discussion',
};

const statusLabels: Record<LastEmail['status'], string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

/** 'Reminder · Sent', say. */
function lastEmailLabel(email: LastEmail): string {
  return `${typeLabels[email.type]} · ${statusLabels[email.status]}`;
}

/**
 * The reviewer's latest email, the empty mark when there was none; a failed one shows the
 * server's answer so it is not missed.
 */
export function LastEmailCell({ email }: { email: LastEmail | null | undefined }) {
  if (!email) return <EmptyValue label="No email yet" />;
  const label = lastEmailLabel(email);
  if (email.status !== 'failed') return <span className="whitespace-nowrap">{label}</span>;
  return (
    <span className="flex flex-col">
      <span className="whitespace-nowrap font-medium text-destructive dark:text-red-400">
        {label}
      </span>
      {email.errorMessage ? (
        <span
          className="max-w-56 truncate text-xs text-muted-foreground"
          title={email.errorMessage}
        >
          {email.errorMessage}
        </span>
      ) : null}
    </span>
  );
}
