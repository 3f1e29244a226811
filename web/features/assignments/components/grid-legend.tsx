import { cn } from '@web/lib/cn';
import { CELL_GLYPH, cellLook } from './grid-cell-style';

const SWATCH =
  'inline-flex size-7 items-center justify-center rounded-sm border text-sm leading-none';

const ITEMS = [
  { code: '.', glyph: CELL_GLYPH.none, label: 'Not assigned' },
  { code: 'a', glyph: CELL_GLYPH.assigned, label: 'Assigned, not reviewed yet' },
  { code: 'r', glyph: CELL_GLYPH.reviewed, label: 'Assigned and reviewed' },
  { code: 'c', glyph: CELL_GLYPH.conflict, label: 'Conflict of interest' },
] as const;

/** What the cells' marks mean, and the two figures under each opportunity's number. */
export function GridLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      {ITEMS.map((item) => (
        <li key={item.code} className="flex items-center gap-2">
          <span aria-hidden="true" className={cn(SWATCH, cellLook(item.code, true))}>
            {item.glyph}
          </span>
          {item.label}
        </li>
      ))}
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className={cn(SWATCH, cellLook('.', false))} />
        Not published (reviewers do not see it)
      </li>
      <li className="text-muted-foreground">Under each number: assigned · reviewed</li>
    </ul>
  );
}
