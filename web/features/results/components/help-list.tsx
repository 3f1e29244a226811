import CircleHelp from 'lucide-react/icons/circle-help';

export type HelpItem = { term: string; text: string };

/**
 * 'What do these numbers mean?': a disclosure (native details, so keyboard and screen readers
 * know it) with one plain-words line per number of its card.
 */
export function HelpList({
  items,
  summary = 'What do these numbers mean?',
}: {
  items: HelpItem[];
  summary?: string;
}) {
  return (
    <details className="group rounded-md border bg-muted/30 px-3 py-2 text-sm">
      <summary className="flex cursor-pointer items-center gap-2 rounded-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <CircleHelp aria-hidden="true" className="size-4 text-muted-foreground" />
        {summary}
      </summary>
      <dl className="mt-2 space-y-2">
        {items.map((item) => (
          <div key={item.term}>
            <dt className="font-medium">{item.term}</dt>
            <dd className="text-muted-foreground">{item.text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
