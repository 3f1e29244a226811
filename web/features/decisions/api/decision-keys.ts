/**
 * Query keys of the decision step (issue 35); each doubles as the GET path (the default query
 * function joins it). A file of its own that imports nothing, so web/lib/decision-changes.ts and
 * the router name them without loading the feature.
 */
export const decisionKeys = {
  /** Drafts, released outcomes, flags and the waitlist. The Results page reads the same call. */
  list: () => ['/api/admin/decisions'] as const,
  panel: (id: string) => ['/api/admin/opportunities', id, 'decision'] as const,
  letter: (id: string) => ['/api/admin/opportunities', id, 'letter'] as const,
  feedback: (id: string) => ['/api/admin/opportunities', id, 'feedback'] as const,
};

/** The last part of the keys of one opportunity's decision calls. */
export const DECISION_PARTS = ['decision', 'letter', 'feedback'] as const;
