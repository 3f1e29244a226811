/**
 * The one mark of an empty value in every admin table and chart: '-', as SPEC.md writes it for
 * the heatmap's unreviewed cells and the reviewers' missing display names, so no screen uses
 * another dash. Cells show it through EmptyValue (web/components/ui/empty-value.tsx).
 */
export const EMPTY_MARK = '-';
