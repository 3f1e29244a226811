/**
 * A chart's legend above its plot: the series in the order they are drawn, each with its colour,
 * in small text that wraps onto more lines on a phone.
 */
export function ChartLegend({
  items,
  align = 'center',
}: {
  items: ReadonlyArray<{ label: string; color: string }>;
  align?: 'left' | 'center';
}) {
  return (
    <ul
      className={`mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-foreground ${
        align === 'center' ? 'justify-center' : 'justify-start'
      }`}
    >
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-2.5 rounded-sm"
            style={{ background: item.color }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
