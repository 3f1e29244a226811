import { EXPORT_TYPES, type ExportType } from '@shared/export-schemas';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import {
  ClipboardList,
  Download,
  FileText,
  Info,
  type LucideIcon,
  MessageSquare,
  ShieldCheck,
  Trophy,
} from 'lucide-react';
import { useId } from 'react';
import { downloadExport, exportFailureMessage } from '../api/export-download';

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
};

const GUIDELINES = [
  'CSV files open in any spreadsheet application (Excel, Google Sheets, Numbers).',
  'All exports include a header row with the column names.',
  'The reviews export uses weighted composites: Market Pull 35%, Feasibility 25%, Viability 25%, Acceptability 15%. It also keeps the plain-mean composite that reviewers see on their scoring screen.',
  'The comments export contains the four structured comment fields.',
  'The opportunities export includes status, tags and creation dates.',
];

const capitalise = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/** One export: its description and a 'Download CSV' button that reads 'Exporting...' meanwhile. */
function ExportCard({ type }: { type: ExportType }) {
  const { title, description, icon: Icon } = EXPORT_CARDS[type];
  const titleId = useId();
  const download = useMutation({
    mutationFn: () => downloadExport(type),
    onSuccess: () =>
      toast({
        title: 'Export Complete',
        description: `${capitalise(type)} data exported successfully`,
      }),
    onError: (error) =>
      toast({
        title: 'Export Failed',
        description: exportFailureMessage(error),
        variant: 'destructive',
      }),
  });
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
        <Button
          className="w-full"
          disabled={download.isPending}
          onClick={() => download.mutate()}
          aria-describedby={titleId}
        >
          <Download aria-hidden="true" />
          {download.isPending ? 'Exporting...' : 'Download CSV'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The three export cards and the 'Export Guidelines' card of the 'Data Exports' page. */
export function ExportsView() {
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
        {EXPORT_TYPES.map((type) => (
          <ExportCard key={type} type={type} />
        ))}
      </div>
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
