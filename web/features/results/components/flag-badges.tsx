import { Badge, type BadgeVariant } from '@web/components/ui/badge';

/** Flags as badges with readable labels; a dash (and 'None' for screen readers) without any. */
export function FlagBadges({
  labels,
  variant = 'outline',
}: {
  labels: string[];
  variant?: BadgeVariant;
}) {
  if (labels.length === 0) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">-</span>
        <span className="sr-only">None</span>
      </span>
    );
  }
  return (
    <ul className="flex flex-wrap gap-1">
      {labels.map((label) => (
        <li key={label}>
          <Badge variant={variant}>{label}</Badge>
        </li>
      ))}
    </ul>
  );
}
