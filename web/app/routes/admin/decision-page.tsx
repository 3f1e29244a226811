import { DecisionPanelView } from '@web/features/decisions/components/decision-panel-view';

export function DecisionPage({ id }: { id: string }) {
  return <DecisionPanelView key={id} opportunityId={id} />;
}
