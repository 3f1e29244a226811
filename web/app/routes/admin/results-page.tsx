import { PageHeader } from '@web/components/layout/page-header';
import { ExportButton } from '@web/features/exports/components/export-button';
import { ResultsView } from '@web/features/results/components/results-view';

export function ResultsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Results"
        subtitle="Calibrated ranking, how sure each rank is, and how far the panel can be trusted"
        actions={<ExportButton type="results" label="Download results CSV" variant="outline" />}
      />
      <ResultsView />
    </div>
  );
}
