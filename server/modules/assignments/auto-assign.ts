/**
 * Auto-assign (issue 18), pure: which reviewers to add to which opportunities so that each has k
 * reviewers, never a conflicted pair, never past a reviewer's cap, existing assignments kept, and
 * the load spread as evenly as the constraints allow. docs/decisions/0013-review-cycle-control.md
 * explains the method; in short:
 *
 * It is a minimum-cost flow: source -> opportunity (capacity: the places it lacks) -> reviewer
 * (one unit per eligible pair) -> sink (capacity: what the cap leaves), where the n-th unit a
 * reviewer takes costs their load squared's increase. Successive shortest paths (Dijkstra with
 * potentials) fill every place that can be filled (a maximum flow, so every opportunity gets k
 * whenever capacity allows) at the least sum of squared loads among all such fillings. The load
 * vectors of a transportation problem form an integral base polyhedron, on which the minimum sum
 * of squares is also the minimum maximum and the maximum minimum load: so the spread between the
 * most and least loaded reviewer is the smallest possible, at most 1 whenever 1 is reachable.
 * Among plans of equal cost the search takes the pairs it meets first, and each opportunity meets
 * its reviewers in an order derived from the two ids (so co-reviewers vary from one opportunity
 * to the next, which helps calibration): the same input gives the same plan, in whatever order
 * it is listed.
 */

export type AutoAssignInput = {
  /** The reviewers who may be assigned (active reviewer accounts) and their current load. */
  reviewers: ReadonlyArray<{ id: string; load: number }>;
  /** The opportunities to fill, with every reviewer currently assigned to each. */
  opportunities: ReadonlyArray<{ id: string; assigned: readonly string[] }>;
  conflicts: ReadonlyArray<{ reviewerId: string; opportunityId: string }>;
  /** k: reviewers per opportunity, counting existing assignments. */
  perOpportunity: number;
  /** At most this many opportunities per reviewer, counting existing ones; absent = no cap. */
  maxPerReviewer?: number | undefined;
};

export type AutoAssignResult = {
  added: Array<{ reviewerId: string; opportunityId: string }>;
  loads: Array<{ reviewerId: string; before: number; after: number }>;
  coverage: Array<{ opportunityId: string; before: number; after: number }>;
  unplaced: Array<{ opportunityId: string; missing: number; reason: string }>;
};

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** FNV-1a of the pair: an order of preference that does not depend on how the input is listed. */
function pairTie(opportunityId: string, reviewerId: string): number {
  let hash = 0x811c9dc5;
  const text = `${opportunityId}|${reviewerId}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const pairKey = (reviewerId: string, opportunityId: string) => `${reviewerId}|${opportunityId}`;

/** A binary heap of [distance, node], smallest first, ties to the lower node. */
class MinHeap {
  private items: Array<[number, number]> = [];
  get size() {
    return this.items.length;
  }
  push(item: [number, number]) {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }
  pop(): [number, number] {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < items.length && less(items[left]!, items[smallest]!)) smallest = left;
        if (right < items.length && less(items[right]!, items[smallest]!)) smallest = right;
        if (smallest === i) break;
        [items[i], items[smallest]] = [items[smallest]!, items[i]!];
        i = smallest;
      }
    }
    return top;
  }
}
const less = (a: [number, number], b: [number, number]) =>
  a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

export function planAutoAssign(input: AutoAssignInput): AutoAssignResult {
  const k = input.perOpportunity;
  const cap = input.maxPerReviewer;
  const reviewers = [...input.reviewers].sort((a, b) => byString(a.id, b.id));
  const opportunities = [...input.opportunities].sort((a, b) => byString(a.id, b.id));
  const reviewerIndex = new Map(reviewers.map((r, i) => [r.id, i]));
  const conflicted = new Set(input.conflicts.map((c) => pairKey(c.reviewerId, c.opportunityId)));
  const R = reviewers.length;
  const O = opportunities.length;

  // Coverage counts the assigned reviewers who can review it: eligible and without a conflict.
  const coverageBefore = opportunities.map(
    (o) =>
      new Set(o.assigned.filter((r) => reviewerIndex.has(r) && !conflicted.has(pairKey(r, o.id))))
        .size,
  );
  const need = coverageBefore.map((covered) => Math.max(0, k - covered));
  const totalNeed = need.reduce((sum, n) => sum + n, 0);
  const room = reviewers.map((r) =>
    cap === undefined ? Number.POSITIVE_INFINITY : Math.max(0, cap - r.load),
  );

  // Nodes: 0 = source, 1..O opportunities, O+1..O+R reviewers, O+R+1 = sink.
  const SOURCE = 0;
  const SINK = O + R + 1;
  const nodeCount = O + R + 2;
  const reviewerNode = (i: number) => O + 1 + i;
  const graph = new FlowGraph(nodeCount);
  const pairEdges: Array<{ edge: number; opportunity: number; reviewer: number }> = [];
  const candidates = new Array<number>(R).fill(0);
  opportunities.forEach((o, j) => {
    if (need[j] === 0) return;
    graph.addEdge(SOURCE, 1 + j, need[j]!, 0);
    const taken = new Set(o.assigned);
    // Among equally good plans the search takes the first edges it finds: listing each
    // opportunity's reviewers in an order of its own varies co-reviewers between opportunities.
    const eligible = reviewers
      .map((r, i) => ({ i, tie: pairTie(o.id, r.id) }))
      .filter(({ i }) => {
        const r = reviewers[i]!;
        return !taken.has(r.id) && !conflicted.has(pairKey(r.id, o.id)) && room[i] !== 0;
      })
      .sort((a, b) => a.tie - b.tie || a.i - b.i);
    for (const { i } of eligible) {
      pairEdges.push({
        edge: graph.addEdge(1 + j, reviewerNode(i), 1, 0),
        opportunity: j,
        reviewer: i,
      });
      candidates[i]! += 1;
    }
  });
  // Into the sink, each reviewer's n-th new unit costs the increase of the squared load,
  // (load + n)^2 - (load + n - 1)^2: a convex cost, one edge whose price rises with its flow.
  reviewers.forEach((r, i) => {
    graph.addConvexEdge(
      reviewerNode(i),
      SINK,
      Math.min(room[i]!, candidates[i]!),
      (n) => 2 * (r.load + n) - 1,
    );
  });

  graph.minCostFlow(SOURCE, SINK, totalNeed);

  const added: AutoAssignResult['added'] = [];
  const coverageAfter = [...coverageBefore];
  const loadAfter = reviewers.map((r) => r.load);
  for (const { edge, opportunity, reviewer } of pairEdges) {
    if (graph.flowOn(edge) === 1) {
      added.push({
        reviewerId: reviewers[reviewer]!.id,
        opportunityId: opportunities[opportunity]!.id,
      });
      coverageAfter[opportunity]! += 1;
      loadAfter[reviewer]! += 1;
    }
  }
  return {
    added,
    loads: reviewers.map((r, i) => ({ reviewerId: r.id, before: r.load, after: loadAfter[i]! })),
    coverage: opportunities.map((o, j) => ({
      opportunityId: o.id,
      before: coverageBefore[j]!,
      after: coverageAfter[j]!,
    })),
    unplaced: opportunities.flatMap((o, j) => {
      const missing = k - coverageAfter[j]!;
      if (missing <= 0) return [];
      const assignedAfter = new Set([
        ...o.assigned,
        ...added.filter((p) => p.opportunityId === o.id).map((p) => p.reviewerId),
      ]);
      return [
        {
          opportunityId: o.id,
          missing,
          reason: unplacedReason(o.id, { reviewers, assignedAfter, conflicted, cap }),
        },
      ];
    }),
  };
}

/**
 * Why an opportunity stays short once every place that can be filled is: the flow is maximal, so
 * any reviewer who could still take it (no conflict, not on it yet) has reached the cap.
 */
function unplacedReason(
  opportunityId: string,
  context: {
    reviewers: ReadonlyArray<{ id: string }>;
    assignedAfter: Set<string>;
    conflicted: Set<string>;
    cap: number | undefined;
  },
): string {
  const { reviewers, assignedAfter, conflicted, cap } = context;
  if (reviewers.length === 0) return 'There are no active reviewers';
  const withConflict = reviewers.filter((r) => conflicted.has(pairKey(r.id, opportunityId))).length;
  const free = reviewers.filter(
    (r) => !conflicted.has(pairKey(r.id, opportunityId)) && !assignedAfter.has(r.id),
  );
  if (free.length > 0 && cap !== undefined) {
    return `The other reviewers have reached the limit of ${cap} ${cap === 1 ? 'opportunity' : 'opportunities'} each`;
  }
  const of = `${reviewers.length} active ${reviewers.length === 1 ? 'reviewer' : 'reviewers'}`;
  return withConflict > 0
    ? `Not enough reviewers: ${withConflict} of the ${of} ${withConflict === 1 ? 'has' : 'have'} a conflict of interest`
    : `Not enough reviewers: there ${reviewers.length === 1 ? 'is' : 'are'} only ${of}`;
}

/**
 * A flow network with integer capacities and costs; minCostFlow pushes units one shortest path at
 * a time (Dijkstra over reduced costs with node potentials; every cost is non-negative at the
 * start). Edge e's reverse is e ^ 1. A convex edge prices its n-th unit with `unitCost(n)`
 * (non-decreasing): it stands for parallel unit edges, of which a residual path uses the
 * cheapest free one forwards and the dearest used one backwards.
 */
class FlowGraph {
  private readonly to: number[] = [];
  private readonly capacity: number[] = [];
  private readonly cost: number[] = [];
  private readonly initial: number[] = [];
  private readonly adjacency: number[][];
  /** For a convex edge (and its reverse): the unit price by flow, and its flow so far. */
  private readonly convex: Array<{ unitCost: (n: number) => number; flow: number } | undefined> =
    [];

  constructor(private readonly nodeCount: number) {
    this.adjacency = Array.from({ length: nodeCount }, () => []);
  }

  /** Adds an edge and its reverse; returns the edge's number. */
  addEdge(from: number, to: number, capacity: number, cost: number): number {
    const edge = this.to.length;
    this.adjacency[from]!.push(edge);
    this.to.push(to);
    this.capacity.push(capacity);
    this.cost.push(cost);
    this.initial.push(capacity);
    this.convex.push(undefined);
    this.adjacency[to]!.push(edge + 1);
    this.to.push(from);
    this.capacity.push(0);
    this.cost.push(-cost);
    this.initial.push(0);
    this.convex.push(undefined);
    return edge;
  }

  addConvexEdge(from: number, to: number, capacity: number, unitCost: (n: number) => number) {
    const edge = this.addEdge(from, to, capacity, 0);
    const state = { unitCost, flow: 0 };
    this.convex[edge] = state;
    this.convex[edge + 1] = state;
    return edge;
  }

  flowOn(edge: number): number {
    return this.initial[edge]! - this.capacity[edge]!;
  }

  private costOf(edge: number): number {
    const convex = this.convex[edge];
    if (!convex) return this.cost[edge]!;
    // Forwards: the next unit; backwards: giving back the last one.
    return edge % 2 === 0 ? convex.unitCost(convex.flow + 1) : -convex.unitCost(convex.flow);
  }

  private push(edge: number) {
    this.capacity[edge]! -= 1;
    this.capacity[edge ^ 1]! += 1;
    const convex = this.convex[edge];
    if (convex) convex.flow += edge % 2 === 0 ? 1 : -1;
  }

  private reducedCost(edge: number, from: number, potential: number[]): number {
    return this.costOf(edge) + potential[from]! - potential[this.to[edge]!]!;
  }

  /**
   * Sends up to `limit` units from source to sink at least cost; returns how many went. Each
   * phase runs Dijkstra over reduced costs (stopping at the sink), moves the potentials, then
   * pushes units along every path of zero reduced cost it can find: each is a shortest path, so
   * the flow stays of least cost, and one Dijkstra serves many units.
   */
  minCostFlow(source: number, sink: number, limit: number): number {
    const n = this.nodeCount;
    const potential = new Array<number>(n).fill(0);
    const distance = new Array<number>(n);
    const INF = Number.POSITIVE_INFINITY;
    const visited = new Uint8Array(n);
    const path: number[] = [];
    let sent = 0;
    while (sent < limit) {
      distance.fill(INF);
      distance[source] = 0;
      const heap = new MinHeap();
      heap.push([0, source]);
      while (heap.size > 0) {
        const [d, node] = heap.pop();
        if (d > distance[node]!) continue;
        // Nothing settled after the sink can shorten its path (all reduced costs are >= 0).
        if (node === sink) break;
        const edges = this.adjacency[node]!;
        for (let k = 0; k < edges.length; k++) {
          const e = edges[k]!;
          if (this.capacity[e]! <= 0) continue;
          const target = this.to[e]!;
          const next = d + this.reducedCost(e, node, potential);
          if (next < distance[target]!) {
            distance[target] = next;
            heap.push([next, target]);
          }
        }
      }
      const toSink = distance[sink]!;
      if (toSink === INF) break;
      // Potentials moved by min(distance, distance to the sink) keep every residual edge's
      // reduced cost non-negative, also for the nodes the early stop left unsettled.
      for (let v = 0; v < n; v++) potential[v]! += Math.min(distance[v]!, toSink);

      // Depth-first over edges of zero reduced cost, one unit per path, until none is left.
      const findPath = (node: number): boolean => {
        if (node === sink) return true;
        visited[node] = 1;
        const edges = this.adjacency[node]!;
        for (let k = 0; k < edges.length; k++) {
          const e = edges[k]!;
          const target = this.to[e]!;
          if (this.capacity[e]! <= 0 || visited[target]) continue;
          if (this.reducedCost(e, node, potential) !== 0) continue;
          path.push(e);
          if (findPath(target)) return true;
          path.pop();
        }
        return false;
      };
      let pushed = 0;
      while (sent < limit) {
        visited.fill(0);
        path.length = 0;
        if (!findPath(source)) break;
        for (const e of path) this.push(e);
        sent += 1;
        pushed += 1;
      }
      if (pushed === 0) break;
    }
    return sent;
  }
}
