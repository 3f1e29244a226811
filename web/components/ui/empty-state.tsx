import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * What an admin list shows in its card while it has no rows: a large muted icon, a heading, an
 * optional line of text and the action that adds the first row.
 */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{title}</h2>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
      {action}
    </div>
  );
}
