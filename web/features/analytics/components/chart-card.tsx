import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { type ReactNode, useId } from 'react';

/**
 * A titled card (a region named by its title) around one chart or table, with its empty text
 * when there is nothing to show.
 */
export function ChartCard({
  title,
  description,
  isEmpty = false,
  emptyText = 'No reviews yet',
  children,
  className,
}: {
  title: string;
  description?: string;
  isEmpty?: boolean;
  emptyText?: string;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {isEmpty ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
