import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';

export function OpportunityDetailPage({ id }: { id: string }) {
  return (
    <div className="space-y-6" data-opportunity-id={id}>
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link href="/reviewer/opportunities">
          <ArrowLeft aria-hidden="true" />
          Back to Opportunities
        </Link>
      </Button>
      <PageHeader title="Opportunity" />
    </div>
  );
}
