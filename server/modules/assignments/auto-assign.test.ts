import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AutoAssignInput, type AutoAssignResult, planAutoAssign } from './auto-assign';

// Properties of auto-assign (issue 18) on random panels, checked against independent oracles: a
// plain augmenting-path maximum flow (how many places can be filled at all) and, on panels small
// enough, an exhaustive search over every way of filling them (the smallest load spread possible).

type Panel = AutoAssignInput;
const key = (reviewerId: string, opportunityId: string) => `${reviewerId}|${opportunityId}`;

/** Random panels: loads from existing assignments on these and on other opportunities. */
function panels(limits: { reviewers: number; opportunities: number; k: number }) {
  return fc
    .record({
      reviewerCount: fc.integer({ min: 0, max: limits.reviewers }),
      opportunityCount: fc.integer({ min: 0, max: limits.opportunities }),
      k: fc.integer({ min: 1, max: limits.k }),
      cap: fc.option(fc.integer({ min: 1, max: limits.opportunities + 1 }), { nil: undefined }),
      seed: fc.array(fc.nat(99), { minLength: 64, maxLength: 64 }),
      otherLoads: fc.array(fc.nat(3), { minLength: limits.reviewers, maxLength: limits.reviewers }),
    })
    .map(({ reviewerCount, opportunityCount, k, cap, seed, otherLoads }): Panel => {
      let s = 0;
      const roll = () => seed[s++ % seed.length]!;
      const reviewerIds = Array.from({ length: reviewerCount }, (_, i) => `r${i}`);
      const conflicts: Array<{ reviewerId: string; opportunityId: string }> = [];
      const opportunities = Array.from({ length: opportunityCount }, (_, j) => {
        const id = `o${j}`;
        const assigned: string[] = [];
        for (const r of reviewerIds) {
          const dice = roll();
          if (dice < 15) conflicts.push({ reviewerId: r, opportunityId: id });
          // A few existing assignments, some of them on a conflicted pair.
          if (dice < 5 || (dice > 80 && dice < 92)) assigned.push(r);
        }
        return { id, assigned };
      });
      const conflicted = new Set(conflicts.map((c) => key(c.reviewerId, c.opportunityId)));
      const reviewers = reviewerIds.map((id, i) => ({
        id,
        load:
          otherLoads[i]! +
          opportunities.filter((o) => o.assigned.includes(id) && !conflicted.has(key(id, o.id)))
            .length,
      }));
      return { reviewers, opportunities, conflicts, perOpportunity: k, maxPerReviewer: cap };
    });
}

function needOf(panel: Panel) {
  const active = new Set(panel.reviewers.map((r) => r.id));
  const conflicted = new Set(panel.conflicts.map((c) => key(c.reviewerId, c.opportunityId)));
  return panel.opportunities.map((o) => {
    const covered = o.assigned.filter((r) => active.has(r) && !conflicted.has(key(r, o.id))).length;
    return Math.max(0, panel.perOpportunity - covered);
  });
}

/** Candidate pairs: eligible, no conflict, not already assigned, reviewer under the cap. */
function candidatesOf(panel: Panel) {
  const conflicted = new Set(panel.conflicts.map((c) => key(c.reviewerId, c.opportunityId)));
  return panel.opportunities.map((o) =>
    panel.reviewers
      .map((r, i) => ({ r, i }))
      .filter(
        ({ r }) =>
          !o.assigned.includes(r.id) &&
          !conflicted.has(key(r.id, o.id)) &&
          (panel.maxPerReviewer === undefined || r.load < panel.maxPerReviewer),
      )
      .map(({ i }) => i),
  );
}

const roomOf = (panel: Panel) =>
  panel.reviewers.map((r) =>
    panel.maxPerReviewer === undefined ? Number.POSITIVE_INFINITY : panel.maxPerReviewer - r.load,
  );

/** The most places that can be filled: Ford-Fulkerson with depth-first augmenting paths. */
function maxPlaceable(panel: Panel): number {
  const need = needOf(panel);
  const candidates = candidatesOf(panel);
  const room = roomOf(panel);
  const R = panel.reviewers.length;
  const takenBy = Array.from({ length: R }, () => new Set<number>());
  const assignedTo = panel.opportunities.map(() => new Set<number>());
  const augment = (j: number, seen: Set<number>): boolean => {
    for (const i of candidates[j]!) {
      if (assignedTo[j]!.has(i) || seen.has(i)) continue;
      seen.add(i);
      if (takenBy[i]!.size < room[i]!) {
        takenBy[i]!.add(j);
        assignedTo[j]!.add(i);
        return true;
      }
      // Move one of reviewer i's opportunities to someone else, freeing a place for j.
      for (const other of [...takenBy[i]!]) {
        if (other === j) continue;
        assignedTo[other]!.delete(i);
        takenBy[i]!.delete(other);
        if (augment(other, seen)) {
          takenBy[i]!.add(j);
          assignedTo[j]!.add(i);
          return true;
        }
        assignedTo[other]!.add(i);
        takenBy[i]!.add(other);
      }
    }
    return false;
  };
  let placed = 0;
  panel.opportunities.forEach((_, j) => {
    for (let n = 0; n < need[j]!; n++) if (augment(j, new Set())) placed++;
  });
  return placed;
}

/** Over every maximal filling (exhaustive): the smallest load spread and sum of squares. */
function bestPossible(panel: Panel): { spread: number; squares: number } {
  const need = needOf(panel);
  const candidates = candidatesOf(panel);
  const room = roomOf(panel);
  const target = maxPlaceable(panel);
  const loads = panel.reviewers.map((r) => r.load);
  const taken = panel.reviewers.map(() => 0);
  let best = { spread: Number.POSITIVE_INFINITY, squares: Number.POSITIVE_INFINITY };
  const subsets = (items: number[], size: number): number[][] =>
    size === 0
      ? [[]]
      : items.flatMap((first, n) =>
          subsets(items.slice(n + 1), size - 1).map((rest) => [first, ...rest]),
        );
  const walk = (j: number, placed: number) => {
    if (j === panel.opportunities.length) {
      if (placed !== target || loads.length === 0) return;
      const spread = Math.max(...loads) - Math.min(...loads);
      const squares = loads.reduce((sum, l) => sum + l * l, 0);
      best = {
        spread: Math.min(best.spread, spread),
        squares: Math.min(best.squares, squares),
      };
      return;
    }
    for (let size = Math.min(need[j]!, candidates[j]!.length); size >= 0; size--) {
      for (const chosen of subsets(candidates[j]!, size)) {
        if (chosen.some((i) => taken[i]! >= room[i]!)) continue;
        for (const i of chosen) {
          loads[i]! += 1;
          taken[i]! += 1;
        }
        walk(j + 1, placed + size);
        for (const i of chosen) {
          loads[i]! -= 1;
          taken[i]! -= 1;
        }
      }
    }
  };
  walk(0, 0);
  return best;
}

const spreadOf = (result: AutoAssignResult) =>
  result.loads.length === 0
    ? 0
    : Math.max(...result.loads.map((l) => l.after)) - Math.min(...result.loads.map((l) => l.after));

/** The panel once the plan is applied: what a second run starts from. */
function applied(panel: Panel, result: AutoAssignResult): Panel {
  const addedTo = (opportunityId: string) =>
    result.added.filter((p) => p.opportunityId === opportunityId).map((p) => p.reviewerId);
  return {
    ...panel,
    reviewers: panel.reviewers.map((r) => ({
      ...r,
      load: r.load + result.added.filter((p) => p.reviewerId === r.id).length,
    })),
    opportunities: panel.opportunities.map((o) => ({
      ...o,
      assigned: [...o.assigned, ...addedTo(o.id)],
    })),
  };
}

const sortedPairs = (result: AutoAssignResult) =>
  result.added.map((p) => key(p.reviewerId, p.opportunityId)).sort();

describe('planAutoAssign', () => {
  it('never adds a conflicted, existing or repeated pair, and keeps every cap', () => {
    fc.assert(
      fc.property(panels({ reviewers: 12, opportunities: 8, k: 6 }), (panel) => {
        const result = planAutoAssign(panel);
        const conflicted = new Set(panel.conflicts.map((c) => key(c.reviewerId, c.opportunityId)));
        const existing = new Set(
          panel.opportunities.flatMap((o) => o.assigned.map((r) => key(r, o.id))),
        );
        const pairs = sortedPairs(result);
        expect(new Set(pairs).size).toBe(pairs.length);
        for (const pair of pairs) {
          expect(conflicted.has(pair)).toBe(false);
          expect(existing.has(pair)).toBe(false);
        }
        for (const load of result.loads) {
          const before = panel.reviewers.find((r) => r.id === load.reviewerId)!.load;
          expect(load.before).toBe(before);
          if (panel.maxPerReviewer !== undefined) {
            expect(load.after).toBeLessThanOrEqual(Math.max(before, panel.maxPerReviewer));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fills as many places as any assignment could, so every opportunity gets k when capacity allows', () => {
    fc.assert(
      fc.property(panels({ reviewers: 12, opportunities: 8, k: 6 }), (panel) => {
        const result = planAutoAssign(panel);
        const need = needOf(panel);
        const possible = maxPlaceable(panel);
        expect(result.added.length).toBe(possible);
        if (possible === need.reduce((a, b) => a + b, 0)) {
          for (const c of result.coverage)
            expect(c.after).toBeGreaterThanOrEqual(panel.perOpportunity);
          expect(result.unplaced).toEqual([]);
        }
        // Every shortfall is reported with how many places and a reason.
        for (const c of result.coverage) {
          const short = panel.perOpportunity - c.after;
          const reported = result.unplaced.find((u) => u.opportunityId === c.opportunityId);
          if (short > 0)
            expect(reported).toEqual({
              opportunityId: c.opportunityId,
              missing: short,
              reason: expect.any(String),
            });
          else expect(reported).toBeUndefined();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('spreads the load as evenly as any maximal assignment could (so by at most 1 whenever possible)', () => {
    fc.assert(
      fc.property(panels({ reviewers: 4, opportunities: 3, k: 2 }), (panel) => {
        const result = planAutoAssign(panel);
        const best = bestPossible(panel);
        if (best.spread === Number.POSITIVE_INFINITY) return;
        expect(spreadOf(result)).toBe(best.spread);
        expect(result.loads.reduce((sum, l) => sum + l.after * l.after, 0)).toBe(best.squares);
      }),
      { numRuns: 400 },
    );
  });

  it('is idempotent: a second run on the applied plan adds nothing', () => {
    fc.assert(
      fc.property(panels({ reviewers: 12, opportunities: 8, k: 6 }), (panel) => {
        const first = planAutoAssign(panel);
        const second = planAutoAssign(applied(panel, first));
        expect(second.added).toEqual([]);
        expect(second.unplaced).toEqual(first.unplaced);
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic: the same panel in any order gives the same plan', () => {
    fc.assert(
      fc.property(
        panels({ reviewers: 12, opportunities: 8, k: 6 }),
        fc.integer({ min: 1, max: 1000 }),
        (panel, shift) => {
          const rotate = <T>(items: readonly T[]) =>
            items.length === 0
              ? []
              : [...items.slice(shift % items.length), ...items.slice(0, shift % items.length)];
          const shuffled: Panel = {
            ...panel,
            reviewers: rotate(panel.reviewers).reverse(),
            opportunities: rotate(panel.opportunities).map((o) => ({
              ...o,
              assigned: [...o.assigned].reverse(),
            })),
            conflicts: rotate(panel.conflicts),
          };
          expect(sortedPairs(planAutoAssign(shuffled))).toEqual(sortedPairs(planAutoAssign(panel)));
          expect(planAutoAssign(panel)).toEqual(planAutoAssign(panel));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('assigns 200 reviewers x 50 opportunities at k = 10 with loads of 2 or 3 (a worked example)', () => {
    const reviewers = Array.from({ length: 200 }, (_, i) => ({
      id: `r${String(i).padStart(3, '0')}`,
      load: 0,
    }));
    const opportunities = Array.from({ length: 50 }, (_, j) => ({ id: `o${j}`, assigned: [] }));
    const result = planAutoAssign({ reviewers, opportunities, conflicts: [], perOpportunity: 10 });
    expect(result.added).toHaveLength(500);
    expect(result.coverage.every((c) => c.after === 10)).toBe(true);
    // 500 places over 200 reviewers: 100 reviewers take 3 and 100 take 2.
    const counts = new Map<number, number>();
    for (const l of result.loads) counts.set(l.after, (counts.get(l.after) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ 2: 100, 3: 100 });
  });

  it('says why an opportunity stays short', () => {
    const reviewers = [
      { id: 'a', load: 0 },
      { id: 'b', load: 0 },
      { id: 'c', load: 1 },
    ];
    const conflicts = [{ reviewerId: 'a', opportunityId: 'o1' }];
    const short = planAutoAssign({
      reviewers,
      opportunities: [{ id: 'o1', assigned: [] }],
      conflicts,
      perOpportunity: 3,
    });
    expect(short.unplaced).toEqual([
      {
        opportunityId: 'o1',
        missing: 1,
        reason: 'Not enough reviewers: 1 of the 3 active reviewers has a conflict of interest',
      },
    ]);
    const capped = planAutoAssign({
      reviewers,
      opportunities: [{ id: 'o1', assigned: [] }],
      conflicts: [],
      perOpportunity: 3,
      maxPerReviewer: 1,
    });
    expect(capped.added.map((p) => p.reviewerId).sort()).toEqual(['a', 'b']);
    expect(capped.unplaced).toEqual([
      {
        opportunityId: 'o1',
        missing: 1,
        reason: 'The other reviewers have reached the limit of 1 opportunity each',
      },
    ]);
    expect(
      planAutoAssign({
        reviewers: [],
        opportunities: [{ id: 'o1', assigned: [] }],
        conflicts: [],
        perOpportunity: 1,
      }).unplaced[0]!.reason,
    ).toBe('There are no active reviewers');
  });
});
