import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { type ReactNode, useId } from 'react';

/**
 * A titled card (a region named by its title) around one part of a screen: Results and the
 * decision screens.
 */
export function RegionCard({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('min-w-0', className)}>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle id={titleId}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </CardHeader>
      <CardContent className="min-w-0 space-y-4">{children}</CardContent>
    </Card>
  );
}
