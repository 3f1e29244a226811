/** The five scoring criteria of SPEC.md section 2, in display order. */
export const CRITERIA = [
  {
    key: 'strategicAlignment',
    label: 'Strategic Alignment',
    hint: 'Driving trends, company priority, adjacency',
    weight: 0.2,
  },
  { key: 'sustainability', label: 'Sustainability', hint: 'Net positive impact', weight: 0.2 },
  {
    key: 'technologyReadiness',
    label: 'Technology Readiness',
    hint: 'Mid-high TRL levels',
    weight: 0.2,
  },
  {
    key: 'marketPotential',
    label: 'Market Potential and Growth',
    hint: 'Large, high growth markets',
    weight: 0.2,
  },
  { key: 'businessPotential', label: 'Business Potential', hint: '', weight: 0.2 },
] as const;

export type CriterionKey = (typeof CRITERIA)[number]['key'];
export const CRITERION_KEYS = CRITERIA.map((c) => c.key) as CriterionKey[];
export type Scores = Record<CriterionKey, number>;
