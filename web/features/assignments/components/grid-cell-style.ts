import { cn } from '@web/lib/cn';
import { cellStateOfCode } from '../lib/board-view';

/** The look of a cell: a state is told by glyph, colour and (for screen readers) its label. */
export const CELL_GLYPH = { none: '', assigned: '●', reviewed: '✓', conflict: '⊘' } as const;

/** A state's colours, shared by the cells and the legend. */
export function cellLook(code: string, isPublished: boolean): string {
  const state = cellStateOfCode(code);
  return cn(
    state === 'none' && !isPublished && 'bg-muted/60',
    state === 'assigned' && 'font-bold text-primary',
    state === 'reviewed' && 'bg-success font-bold text-success-foreground',
    (state === 'conflict' || state === 'conflict-assigned') &&
      'bg-destructive font-bold text-destructive-foreground',
    state === 'conflict-assigned' && 'ring-2 ring-primary ring-inset',
  );
}

// Twenty combinations at most, each worked out once: a page renders 1,250 cells.
const classesByKey = new Map<string, string>();

export function cellClasses(code: string, isPublished: boolean, isPending: boolean): string {
  const key = `${code}${isPublished ? 1 : 0}${isPending ? 1 : 0}`;
  let classes = classesByKey.get(key);
  if (classes === undefined) {
    classes = buildCellClasses(code, isPublished, isPending);
    classesByKey.set(key, classes);
  }
  return classes;
}

function buildCellClasses(code: string, isPublished: boolean, isPending: boolean) {
  const state = cellStateOfCode(code);
  return cn(
    'h-9 w-11 min-w-11 cursor-pointer border-r border-b text-center align-middle text-base leading-none outline-none select-none',
    'scroll-mt-16 scroll-ml-36 sm:scroll-ml-56 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset',
    (state === 'none' || state === 'assigned') && 'hover:bg-accent',
    cellLook(code, isPublished),
    isPending && 'animate-pulse',
  );
}
