import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { SearchX } from 'lucide-react';

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

export function OpportunityDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading opportunity" className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-4 rounded-xl border p-6">
        <Skeleton className="aspect-[4/3] w-full" />
        <Skeleton className="h-4 w-1/4" />
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-20 w-full" />
      </div>
      <div className="space-y-4 rounded-xl border p-6">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
