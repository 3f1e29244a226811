/**
 * A reviewer's ranking as the ballot holds it: groups of candidate ids, best first; the ids of
 * one group are tied; a candidate in no group is unranked (tied below every ranked one). Every
 * change returns a new ranking and never leaves an empty group.
 */
export type Ranking = readonly (readonly string[])[];

/** Where a drop puts a candidate: into a group (a tie), between groups (a new place), or out. */
export type DropTarget =
  | { kind: 'group'; index: number }
  | { kind: 'gap'; index: number }
  | { kind: 'unranked' };

/** The index of the group holding `id`, -1 when it is unranked. */
export function groupIndexOf(ranking: Ranking, id: string): number {
  return ranking.findIndex((group) => group.includes(id));
}

/**
 * The ranking with only the given candidates, each once, and no empty group: a saved ballot may
 * name an opportunity that has since left the shortlist, which the server would refuse.
 */
export function rankingOf(ranking: Ranking, candidateIds: readonly string[]): string[][] {
  const known = new Set(candidateIds);
  const seen = new Set<string>();
  const groups: string[][] = [];
  for (const group of ranking) {
    const kept = group.filter((id) => known.has(id) && !seen.has(id));
    for (const id of kept) seen.add(id);
    if (kept.length > 0) groups.push(kept);
  }
  return groups;
}

/** Each group's place: 1 + the candidates in the groups above (tied candidates share it). */
export function placesOf(ranking: Ranking): number[] {
  let next = 1;
  return ranking.map((group) => {
    const place = next;
    next += group.length;
    return place;
  });
}

export function isSameRanking(a: Ranking, b: Ranking): boolean {
  return (
    a.length === b.length &&
    a.every((group, g) => group.length === b[g]!.length && group.every((id, i) => b[g]![i] === id))
  );
}

const copy = (ranking: Ranking) => ranking.map((group) => [...group]);

/** The ranking without `id`, and whether its group went with it (it was alone in it). */
function without(ranking: Ranking, id: string): { groups: string[][]; removedGroup: number } {
  const g = groupIndexOf(ranking, id);
  if (g < 0) return { groups: copy(ranking), removedGroup: -1 };
  const groups = copy(ranking);
  const rest = groups[g]!.filter((other) => other !== id);
  if (rest.length === 0) {
    groups.splice(g, 1);
    return { groups, removedGroup: g };
  }
  groups[g] = rest;
  return { groups, removedGroup: -1 };
}

const isTied = (ranking: Ranking, g: number) => g >= 0 && ranking[g]!.length > 1;

export const canMoveUp = (ranking: Ranking, id: string) => {
  const g = groupIndexOf(ranking, id);
  return g > 0 || isTied(ranking, g);
};

export const canMoveDown = (ranking: Ranking, id: string) => {
  const g = groupIndexOf(ranking, id);
  return (g >= 0 && g < ranking.length - 1) || isTied(ranking, g);
};

export const canTieWithAbove = (ranking: Ranking, id: string) => groupIndexOf(ranking, id) > 0;

export const canUntie = (ranking: Ranking, id: string) =>
  isTied(ranking, groupIndexOf(ranking, id));

/**
 * One place up: a tied candidate leaves its tie for a place of its own just above it; one alone
 * swaps places with the group above.
 */
export function moveUp(ranking: Ranking, id: string): string[][] {
  const g = groupIndexOf(ranking, id);
  if (!canMoveUp(ranking, id)) return copy(ranking);
  if (isTied(ranking, g)) {
    const { groups } = without(ranking, id);
    groups.splice(g, 0, [id]);
    return groups;
  }
  const groups = copy(ranking);
  [groups[g - 1], groups[g]] = [groups[g]!, groups[g - 1]!];
  return groups;
}

/** One place down: out of a tie to a place of its own just below it, else past the next group. */
export function moveDown(ranking: Ranking, id: string): string[][] {
  const g = groupIndexOf(ranking, id);
  if (!canMoveDown(ranking, id)) return copy(ranking);
  if (isTied(ranking, g)) return untie(ranking, id);
  const groups = copy(ranking);
  [groups[g], groups[g + 1]] = [groups[g + 1]!, groups[g]!];
  return groups;
}

/** Joins the group above (a tie with it). */
export function tieWithAbove(ranking: Ranking, id: string): string[][] {
  const g = groupIndexOf(ranking, id);
  if (g <= 0) return copy(ranking);
  const { groups } = without(ranking, id);
  groups[g - 1]!.push(id);
  return groups;
}

/** Leaves its tie for a place of its own just below the others. */
export function untie(ranking: Ranking, id: string): string[][] {
  const g = groupIndexOf(ranking, id);
  if (!isTied(ranking, g)) return copy(ranking);
  const { groups } = without(ranking, id);
  groups.splice(g + 1, 0, [id]);
  return groups;
}

/** An unranked candidate takes the last place. */
export function rank(ranking: Ranking, id: string): string[][] {
  if (groupIndexOf(ranking, id) >= 0) return copy(ranking);
  return [...copy(ranking), [id]];
}

export function unrank(ranking: Ranking, id: string): string[][] {
  return without(ranking, id).groups;
}

/** A drop: `index` counts the groups as they were before the candidate left its own. */
export function dropAt(ranking: Ranking, id: string, target: DropTarget): string[][] {
  if (target.kind === 'unranked') return unrank(ranking, id);
  if (target.kind === 'group' && ranking[target.index]?.includes(id)) return copy(ranking);
  const { groups, removedGroup } = without(ranking, id);
  const index = removedGroup >= 0 && removedGroup < target.index ? target.index - 1 : target.index;
  if (target.kind === 'group') {
    groups[index]?.push(id);
    return groups;
  }
  groups.splice(Math.min(index, groups.length), 0, [id]);
  return groups;
}
