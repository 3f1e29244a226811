import type { LastEmail } from '@shared/reviewer-admin-schemas';

const typeLabels: Record<LastEmail['type'], string> = {
  invitation: 'Invitation',
  review_reminder: 'Reminder',
  new_opportunity: 'New Opportunity',
};

const statusLabels: Record<LastEmail['status'], string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

/** 'Reminder · Sent', say; '—' when the reviewer has had no email. */
export function lastEmailLabel(email: LastEmail | null | undefined): string {
  if (!email) return '—';
  return `${typeLabels[email.type]} · ${statusLabels[email.status]}`;
}

/** The reviewer's latest email; a failed one shows the server's answer so it is not missed. */
export function LastEmailCell({ email }: { email: LastEmail | null | undefined }) {
  const label = lastEmailLabel(email);
  if (email?.status !== 'failed') return <span className="whitespace-nowrap">{label}</span>;
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
