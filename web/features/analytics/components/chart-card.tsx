import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { RenderWhenVisible } from '@web/components/ui/render-when-visible';
import { cn } from '@web/lib/cn';
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
    <Card
      role="region"
      aria-labelledby={titleId}
      // Off screen, the browser skips the card's style, layout and paint (a theme switch or the
      // sidebar's slide then costs only what is in view); the last size it had holds its place.
      className={cn('[contain-intrinsic-size:auto_480px] [content-visibility:auto]', className)}
    >
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

/**
 * A chart card's stand-in until its content renders (below the fold, or while its data loads):
 * the same title, description and height, so that headings can be navigated to and the page does
 * not jump.
 */
export function ChartCardPlaceholder({
  title,
  description,
  bodyHeight,
}: {
  title: string;
  description?: string;
  bodyHeight: number;
}) {
  return (
    <Card aria-busy="true">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <div className="rounded-md bg-muted/40" style={{ height: bodyHeight }} />
      </CardContent>
    </Card>
  );
}

/**
 * A ChartCard whose content renders only when it comes near the viewport (RenderWhenVisible):
 * the analytics page at 200 reviewers builds its first screen without the charts below it. An
 * empty card is cheap and renders at once.
 */
export function DeferredChartCard(props: Parameters<typeof ChartCard>[0] & { bodyHeight: number }) {
  const { bodyHeight, ...card } = props;
  if (card.isEmpty) return <ChartCard {...card} />;
  return (
    <RenderWhenVisible
      placeholder={
        <ChartCardPlaceholder
          title={card.title}
          description={card.description}
          bodyHeight={bodyHeight}
        />
      }
    >
      <ChartCard {...card} />
    </RenderWhenVisible>
  );
}
