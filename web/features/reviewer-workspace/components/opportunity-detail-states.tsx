import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import SearchX from 'lucide-react/icons/search-x';

export function OpportunityNotFound() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">Opportunity not found</h1>
      </CardContent>
    </Card>
  );
}

/**
 * Laid out like the loaded page (OpportunityDetails' card with its full-width 4:3 image, then the
 * form), so nothing moves when the opportunity arrives.
 */
export function OpportunityDetailSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading opportunity"
      className="grid items-start gap-6 lg:grid-cols-2"
    >
      <Card className="overflow-hidden pt-0">
        <Skeleton className="aspect-[4/3] w-full rounded-none" />
        <CardContent className="space-y-4">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-20 w-full" />
        </CardContent>
      </Card>
      <div className="space-y-4 rounded-xl border p-6">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
