import type { AssignmentBoard, AutoAssignPlan } from '@shared/review-cycle-schemas';
import { opportunityLabel } from './board-view';

/**
 * An auto-assign plan in the words and figures the preview shows, with names from the board:
 * the load range after applying (over every reviewer the plan lists), how many opportunities
 * reach k, what could not be placed, and the rows whose figure changes, in board order.
 */
export function summarisePlan(plan: AutoAssignPlan, board: AssignmentBoard, k: number) {
  const reviewers = new Map(board.reviewers.map((r) => [r.id, r]));
  const opportunities = new Map(board.opportunities.map((o) => [o.id, o]));
  const order = (ids: Map<string, unknown>) => {
    const position = new Map([...ids.keys()].map((id, index) => [id, index]));
    return (id: string) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
  };
  const reviewerOrder = order(reviewers);
  const opportunityOrder = order(opportunities);

  const afterLoads = plan.loads.map((load) => load.after);
  const loads =
    afterLoads.length === 0 ? null : { min: Math.min(...afterLoads), max: Math.max(...afterLoads) };

  const changedLoads = plan.loads
    .filter((load) => load.after !== load.before)
    .sort((a, b) => reviewerOrder(a.reviewerId) - reviewerOrder(b.reviewerId))
    .map((load) => ({
      id: load.reviewerId,
      name: reviewers.get(load.reviewerId)?.name ?? 'Unknown reviewer',
      before: load.before,
      after: load.after,
    }));

  const changedCoverage = plan.coverage
    .filter((row) => row.after !== row.before)
    .sort((a, b) => opportunityOrder(a.opportunityId) - opportunityOrder(b.opportunityId))
    .map((row) => {
      const opportunity = opportunities.get(row.opportunityId);
      return {
        id: row.opportunityId,
        number: opportunity?.number ?? 0,
        title: opportunity?.title ?? 'Unknown opportunity',
        before: row.before,
        after: row.after,
      };
    });

  const unplaced = plan.unplaced
    .slice()
    .sort((a, b) => opportunityOrder(a.opportunityId) - opportunityOrder(b.opportunityId))
    .map((item) => {
      const opportunity = opportunities.get(item.opportunityId);
      return {
        ...item,
        label: opportunity ? opportunityLabel(opportunity) : 'Unknown opportunity',
      };
    });

  return {
    loads,
    coverage: plan.coverage,
    covered: plan.coverage.filter((row) => row.after >= k).length,
    changedLoads,
    changedCoverage,
    unplaced,
  };
}
