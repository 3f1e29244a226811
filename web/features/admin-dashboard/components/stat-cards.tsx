import type { DashboardStats } from '@shared/dashboard-schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import type { LucideIcon } from 'lucide-react';
import CheckCircle2 from 'lucide-react/icons/check-circle-2';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import FileText from 'lucide-react/icons/file-text';
import Users from 'lucide-react/icons/users';

type StatCard = { title: string; value: string; subtitle?: string; icon: LucideIcon };

function cardsOf(stats: DashboardStats): StatCard[] {
  return [
    {
      title: 'Total Reviewers',
      value: String(stats.totalReviewers),
      subtitle: `${stats.activeReviewers} active`,
      icon: Users,
    },
    {
      title: 'Opportunities',
      value: String(stats.publishedOpportunities),
      subtitle: `${stats.totalOpportunities} total`,
      icon: FileText,
    },
    { title: 'Total Reviews', value: String(stats.totalReviews), icon: ClipboardList },
    {
      title: 'Completion Rate',
      value: `${Math.round(stats.completionRate)}%`,
      icon: CheckCircle2,
    },
  ];
}

// One minmax(0, 1fr) column on a phone, so that no card is wider than the screen.
const grid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4';

/** The four figures of the dashboard (SPEC.md section 2). */
export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <ul className={grid} aria-label="Platform statistics">
      {cardsOf(stats).map(({ title, value, subtitle, icon: Icon }) => (
        <li key={title}>
          <Card className="h-full gap-3" data-testid={`stat-${title}`}>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle className="text-sm font-medium">{title}</CardTitle>
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold">{value}</p>
              {subtitle ? <p className="text-xs text-muted-foreground">{subtitle}</p> : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function StatCardsSkeleton() {
  return (
    <div className={grid} data-testid="stat-cards-loading">
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} className="gap-3">
          <CardHeader>
            <Skeleton className="h-4 w-28" />
          </CardHeader>
          <CardContent className="space-y-2">
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-3 w-20" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
