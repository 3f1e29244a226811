import AlertTriangle from 'lucide-react/icons/alert-triangle';
import { Button } from './button';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import { Skeleton } from './skeleton';

/** Three skeleton cards while a page of cards loads, announced by `label`. */
export function LoadingCards({ label, bodyHeight }: { label: string; bodyHeight: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-6">
      {[0, 1, 2].map((index) => (
        <Card key={index}>
          <CardHeader>
            <Skeleton className="h-5 w-56" />
          </CardHeader>
          <CardContent>
            <Skeleton className={`${bodyHeight} w-full`} />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** A page's data failed to load: what went wrong and 'Try Again'. */
export function ErrorCard({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Card role="alert">
      <CardHeader className="items-center text-center">
        <AlertTriangle aria-hidden="true" className="size-8 text-destructive" />
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 text-center">
        <p className="text-sm text-muted-foreground">{message}</p>
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </CardContent>
    </Card>
  );
}
