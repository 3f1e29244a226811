import { EXPORT_TYPES, type ExportType } from '@shared/export-files';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { LucideIcon } from 'lucide-react';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import FileText from 'lucide-react/icons/file-text';
import Gavel from 'lucide-react/icons/gavel';
import Info from 'lucide-react/icons/info';
import MessageSquare from 'lucide-react/icons/message-square';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Trophy from 'lucide-react/icons/trophy';
import { useId } from 'react';
import { BackupCard } from './backup-card';
import { ExportButton } from './export-button';

const EXPORT_CARDS: Record<ExportType, { title: string; description: string; icon: LucideIcon }> = {
  opportunities: {
    title: 'Opportunities',
    description: 'All opportunities with metadata, status and tags',
    icon: FileText,
  },
  reviews: {
    title: 'Reviews',
    description: 'All reviews with scores, composites and reviewer information',
    icon: ClipboardList,
  },
  comments: {
    title: 'Comments',
    description: 'All structured comments',
    icon: MessageSquare,
  },
  audit: {
    title: 'Audit Log',
    description: 'Every administrative change and sign-in, with who, when and what changed',
    icon: ShieldCheck,
  },
  results: {
    title: 'Results',
    description: 'Raw and calibrated composites, ranks with their intervals, and discussion flags',
    icon: Trophy,
  },
  decisions: {
    title: 'Decisions',
    description: 'Outcomes drafted and released, with rationale, who decided and the evidence kept',
    icon: Gavel,
  },
};

const GUIDELINES = [
  'CSV files open in any spreadsheet application (Excel, Google Sheets, Numbers).',
  'All exports include a header row with the column names.',
  'The reviews export uses weighted composites: Market Pull 35%, Feasibility 25%, Viability 25%, Acceptability 15%. It also keeps the plain-mean composite that reviewers see on their scoring screen.',
  'The comments export contains the four structured comment fields.',
  'The opportunities export includes status, tags and creation dates.',
  'The results export has one row per published opportunity in the order of the Results page: raw and calibrated composites, the calibrated rank with its 90% interval, the spread of the reviews, the discussion flags, and the raw and calibrated mean of each criterion.',
  'The decisions export lists each draft and released outcome with its rationale, who decided and released it, and the figures the panel had when it was set.',
];

/** One export: its description and a 'Download CSV' button that reads 'Exporting...' meanwhile. */
function ExportCard({ type }: { type: ExportType }) {
  const { title, description, icon: Icon } = EXPORT_CARDS[type];
  const titleId = useId();
  return (
    <Card data-testid={`export-${type}`}>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          <CardTitle id={titleId}>{title}</CardTitle>
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">
        <ExportButton type={type} className="w-full" describedBy={titleId} />
      </CardContent>
    </Card>
  );
}

/** The export cards, the full backup and the 'Export Guidelines' card of the 'Data Exports' page. */
export function ExportsView() {
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {EXPORT_TYPES.map((type) => (
          <ExportCard key={type} type={type} />
        ))}
      </div>
      <BackupCard />
      <Card>
        <CardHeader>
          <div className="flex items-center gap-2">
            <Info aria-hidden="true" className="size-5 text-primary" />
            <CardTitle>Export Guidelines</CardTitle>
          </div>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-2 pl-5 text-sm text-muted-foreground">
            {GUIDELINES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
