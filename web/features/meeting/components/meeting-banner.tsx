import type { MeetingView } from '@shared/discussion-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import Radio from 'lucide-react/icons/radio';
import { Link } from 'wouter';
import { meetingKeys } from '../api/meeting-keys';

/**
 * "A panel meeting is in progress" with the way in, on the reviewer's list while a meeting runs;
 * nothing otherwise, also when the meeting cannot be read. `enabled`: asked for once the list has
 * loaded, so it never holds the list up. It reads the meeting page's call by its key alone: a
 * module both pages import would go to the chunk every reviewer page loads (decision 0023).
 */
export function MeetingBanner({ enabled }: { enabled: boolean }) {
  const { data, isError } = useQuery({
    ...queryOptions<MeetingView>({ queryKey: meetingKeys.view() }),
    enabled,
    refetchOnWindowFocus: 'always',
  });
  if (isError || !data?.active) return null;
  return (
    <section
      role="status"
      aria-labelledby="meeting-banner-title"
      className="flex flex-col gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 items-center gap-3">
        <Radio className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <h2 id="meeting-banner-title" className="font-semibold">
          A panel meeting is in progress
        </h2>
      </div>
      <Button asChild size="sm" className="self-start sm:self-auto">
        <Link href="/reviewer/meeting">Join the meeting</Link>
      </Button>
    </section>
  );
}
