import { EMPTY_MARK } from '@web/lib/empty-mark';

/**
 * An empty cell: the dash for the eye, and `label` ('No batch') for a screen reader, which
 * would otherwise read punctuation or nothing at all.
 */
export function EmptyValue({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">{EMPTY_MARK}</span>
      <span className="sr-only">{label}</span>
    </>
  );
}
