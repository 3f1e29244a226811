import {
  MEETING_CONFLICT_MESSAGE,
  MEETING_NOT_ACTIVE_MESSAGE,
  MEETING_NOT_IN_SCOPE_MESSAGE,
} from '@shared/discussion';
import type { MeetingView } from '@shared/discussion-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { preloadFirstPage } from '@web/app/preload';
import { firstPageNeeds } from '@web/app/router';
import { createQueryClient } from '@web/lib/query-client';
import { latestEventSource, stubEventSource } from '@web/test/fake-event-source';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MEETING_POLL_MS } from '../api/meeting-view-queries';
import { MEETING_REOPEN_MS } from '../hooks/use-meeting-events';
import { stubReviewerMeetingServer } from '../test/fake-meeting-server';
import { inactiveView, itemView, opportunity } from '../test/meeting-fixtures';

const tidal = opportunity({
  number: 12,
  title: 'Tidal kites',
  reasons: ['disagreement', 'uncertain-rank'],
});
const kelp = opportunity({ number: 7, title: 'Kelp forests' });
const heat = opportunity({ number: 3, title: 'Heat pumps' });

const activeView = (overrides: Partial<MeetingView> = {}): MeetingView => ({
  active: true,
  version: 5,
  position: 2,
  total: 5,
  now: itemView(tidal, { imageUrl: '/api/images/tidal.png' }),
  next: itemView(kelp),
  ...overrides,
});

/** The page's live region (the announcement of a change of "now"). */
const announcement = () =>
  screen.getAllByRole('status').find((element) => element.classList.contains('sr-only'));

/** The meeting page over a server whose view a test changes with `change` between reads. */
function openMeeting(first: MeetingView) {
  let view = first;
  const server = stubReviewerMeetingServer(() => view);
  const app = renderApp('/reviewer/meeting');
  return {
    ...server,
    unmount: app.unmount,
    change: (next: MeetingView) => {
      view = next;
    },
  };
}

describe('reviewer meeting page', () => {
  beforeAll(async () => {
    await import('@web/app/routes/reviewer/meeting-page');
    await import('./meeting-figures');
  }, 30_000);

  it('is fetched with the user on a first visit, and read from there by the page', async () => {
    stubEventSource();
    const server = stubReviewerMeetingServer(() => activeView());
    const queryClient = createQueryClient();
    preloadFirstPage(queryClient, firstPageNeeds('/reviewer/meeting'));
    await waitFor(() => expect(server.viewReads()).toBe(1));
    renderApp('/reviewer/meeting', { queryClient });
    await screen.findByRole('heading', { name: '#12 Tidal kites' });
    expect(server.viewReads()).toBe(1);
  });

  it('says no meeting is in progress when none runs', async () => {
    stubEventSource();
    openMeeting(inactiveView());
    expect(await screen.findByRole('heading', { name: MEETING_NOT_ACTIVE_MESSAGE })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Meeting' })).toBeVisible();
    expect(document.title).toBe('Meeting · Assay');
    expect(screen.queryByRole('region', { name: 'Now' })).not.toBeInTheDocument();
  });

  it("shows the current item's image, number, title, figures and the way to its discussion", async () => {
    stubEventSource();
    openMeeting(activeView());
    const now = await screen.findByRole('region', { name: 'Now' });
    expect(screen.getByText('Item 2 of 5')).toBeVisible();
    expect(within(now).getByRole('heading', { name: '#12 Tidal kites' })).toBeVisible();
    expect(now.querySelector('img')?.getAttribute('src')).toMatch(/^\/api\/images\/tidal\.png/);
    const figures = within(now);
    expect(await figures.findByText('Reviews')).toBeVisible();
    const figureValue = (term: string) => figures.getByText(term).nextElementSibling?.textContent;
    expect(figureValue('Reviews')).toBe('4');
    expect(figureValue('Mean composite')).toBe('3.50');
    expect(figureValue('Calibrated composite')).toBe('3.42');
    expect(figures.getByText('Rank 3, likely 2 to 6')).toBeVisible();
    expect(figureValue('Spread (SD)')).toBe('0.80');
    expect(
      within(figures.getByRole('list', { name: 'Flags' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Reviewers disagree', 'Uncertain rank']);
    expect(figures.getByRole('link', { name: 'Discuss this item' })).toHaveAttribute(
      'href',
      `/reviewer/opportunities/${tidal.id}#discussion`,
    );
    const next = screen.getByRole('region', { name: 'Next' });
    expect(within(next).getByText('Kelp forests')).toBeVisible();
    expect(within(next).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says why the reviewer cannot post yet instead of the way to the discussion', async () => {
    stubEventSource();
    const reason = 'Submit your own review to join the discussion';
    openMeeting(
      activeView({
        now: itemView(tidal, { canDiscuss: false, discussBlockedReason: reason }),
        next: null,
      }),
    );
    const now = await screen.findByRole('region', { name: 'Now' });
    expect(within(now).getByText(reason)).toBeVisible();
    expect(within(now).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('This is the last item.')).toBeVisible();
  });

  it('shows only the message for an item the reviewer has a conflict with', async () => {
    stubEventSource();
    openMeeting(
      activeView({
        now: { kind: 'conflict', message: MEETING_CONFLICT_MESSAGE },
        next: { kind: 'conflict', message: MEETING_CONFLICT_MESSAGE },
      }),
    );
    const now = await screen.findByRole('region', { name: 'Now' });
    expect(within(now).getByText(MEETING_CONFLICT_MESSAGE)).toBeVisible();
    // Nothing of the item: no number, title, image, figures or discussion.
    expect(now.textContent).toBe(`Now${MEETING_CONFLICT_MESSAGE}`);
    expect(screen.queryByText(/Tidal kites/)).not.toBeInTheDocument();
    expect(screen.queryByText(/#12/)).not.toBeInTheDocument();
    expect(now.querySelector('img')).toBeNull();
    expect(screen.queryByText('Reviews')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Discuss this item' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Next' })).getByText(MEETING_CONFLICT_MESSAGE),
    ).toBeVisible();
  });

  it('shows the message for an item outside the reviewer’s assignments', async () => {
    stubEventSource();
    openMeeting(
      activeView({ now: { kind: 'not_in_scope', message: MEETING_NOT_IN_SCOPE_MESSAGE } }),
    );
    const now = await screen.findByRole('region', { name: 'Now' });
    expect(now.textContent).toBe(`Now${MEETING_NOT_IN_SCOPE_MESSAGE}`);
    expect(screen.queryByText(/Tidal kites/)).not.toBeInTheDocument();
  });

  it('asks again when an event names a new version, shows the new item and announces it', async () => {
    stubEventSource();
    const server = openMeeting(activeView());
    await screen.findByRole('heading', { name: '#12 Tidal kites' });
    const source = latestEventSource();
    expect(source.url).toBe('/api/meeting/events');
    source.open();
    // The event sent on connect names the version the page holds: nothing to ask.
    source.emit('meeting', { version: 5 });
    expect(server.viewReads()).toBe(1);

    server.change(
      activeView({ version: 6, position: 3, now: itemView(kelp), next: itemView(heat) }),
    );
    source.emit('meeting', { version: 6 });
    expect(await screen.findByRole('heading', { name: '#7 Kelp forests' })).toBeVisible();
    expect(screen.getByText('Item 3 of 5')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Next' })).getByText('Heat pumps'),
    ).toBeVisible();
    expect(server.viewReads()).toBe(2);
    expect(announcement()).toHaveTextContent('Now discussing: #7 Kelp forests');

    server.change(inactiveView(7));
    source.emit('meeting', { version: 7 });
    expect(await screen.findByRole('heading', { name: MEETING_NOT_ACTIVE_MESSAGE })).toBeVisible();
    expect(announcement()).toHaveTextContent(MEETING_NOT_ACTIVE_MESSAGE);
  });

  it('asks again when the stream reconnects, and closes it when the page is left', async () => {
    stubEventSource();
    const server = openMeeting(activeView());
    await screen.findByRole('heading', { name: '#12 Tidal kites' });
    const source = latestEventSource();
    source.open();
    source.fail();
    source.open();
    await waitFor(() => expect(server.viewReads()).toBe(2));
    server.unmount();
    expect(source.isClosed).toBe(true);
  });

  it('polls every 2 seconds without EventSource', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('EventSource', undefined);
    const server = openMeeting(activeView());
    await screen.findByRole('heading', { name: '#12 Tidal kites' });
    server.change(activeView({ version: 6, now: itemView(kelp), next: null }));
    await vi.advanceTimersByTimeAsync(MEETING_POLL_MS);
    expect(await screen.findByRole('heading', { name: '#7 Kelp forests' })).toBeVisible();
    expect(server.viewReads()).toBe(2);
  });

  it('polls while the stream keeps failing, and stops once an event arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubEventSource();
    const server = openMeeting(activeView());
    await screen.findByRole('heading', { name: '#12 Tidal kites' });
    const source = latestEventSource();
    source.fail();
    server.change(activeView({ version: 6, now: itemView(kelp), next: null }));
    await vi.advanceTimersByTimeAsync(MEETING_POLL_MS);
    expect(await screen.findByRole('heading', { name: '#7 Kelp forests' })).toBeVisible();

    source.open();
    source.emit('meeting', { version: 6 });
    const reads = server.viewReads();
    await vi.advanceTimersByTimeAsync(3 * MEETING_POLL_MS);
    expect(server.viewReads()).toBe(reads);
  });

  it('opens the stream again after the browser gives it up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubEventSource();
    openMeeting(activeView());
    await screen.findByRole('heading', { name: '#12 Tidal kites' });
    const first = latestEventSource();
    first.fail({ givesUp: true });
    await vi.advanceTimersByTimeAsync(MEETING_REOPEN_MS);
    expect(latestEventSource()).not.toBe(first);
    expect(first.isClosed).toBe(true);
  });
});
