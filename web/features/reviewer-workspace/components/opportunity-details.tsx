import type { ReviewerOpportunityDetail } from '@shared/reviewer-schemas';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent } from '@web/components/ui/card';
import { responsiveImage } from '@web/lib/responsive-image';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { isConflicted } from '../lib/cycle-fields';
import { ConflictBadge, DecisionOutcomeBadge, ReviewStatusBadge } from './review-status-badge';

/** The opportunity itself: image, number, title, description (line breaks kept) and tags. */
export function OpportunityDetails({ opportunity }: { opportunity: ReviewerOpportunityDetail }) {
  useDocumentTitle(opportunity.title);
  return (
    <Card className="overflow-hidden pt-0">
      {opportunity.imageUrl ? (
        <img
          {...responsiveImage(opportunity.imageUrl, '(min-width: 1024px) 50vw, 100vw')}
          alt={opportunity.title}
          // The largest paint of the page: fetch it before the rest.
          fetchPriority="high"
          className="aspect-[4/3] w-full bg-muted object-cover"
        />
      ) : null}
      <CardContent className={opportunity.imageUrl ? 'space-y-4' : 'space-y-4 pt-6'}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-muted-foreground">
            Opportunity #{opportunity.number}
          </p>
          <span className="flex flex-wrap items-center justify-end gap-1.5">
            <DecisionOutcomeBadge outcome={opportunity.outcome} />
            {isConflicted(opportunity) ? (
              <ConflictBadge />
            ) : (
              <ReviewStatusBadge status={opportunity.reviewStatus} />
            )}
          </span>
        </div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{opportunity.title}</h1>
        {opportunity.description ? (
          <p className="whitespace-pre-line text-muted-foreground" data-testid="description">
            {opportunity.description}
          </p>
        ) : null}
        {opportunity.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {opportunity.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="outline">{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
