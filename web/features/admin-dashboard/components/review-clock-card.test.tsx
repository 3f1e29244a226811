import {
  parseDeadline,
  parseReminderOffsets,
  REMINDERS_FORMAT_MESSAGE,
} from '@shared/review-clock';
import type { ReminderSchedule } from '@shared/review-clock-schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, dateHeader, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAST_DEADLINE_MESSAGE } from './deadline-form';
import { NO_DEADLINE_MESSAGE } from './review-clock-card';

const SCHEDULE = '/api/admin/reminders/schedule';
const SERVER_NOW = '2026-12-13T11:30:00.000Z'; // 2 days 4 hours 30 minutes before the deadline
const DEADLINE = '2026-12-15T17:00:00+01:00';
const PHASE_MESSAGE = 'The deadline has passed: move it or clear it before reopening reviewing';

const originalTimeZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Europe/Paris'; // the admin's browser
});
afterEach(() => {
  process.env.TZ = originalTimeZone;
});

/** The schedule's body, and the server's time of its answers (null: the real time). */
type State = ReminderSchedule & { now: string | null };

/**
 * The schedule and the settings call as the server answers them: writes change later reads; a
 * deadline is checked with the shared parser, the phase refused (409) while the deadline has
 * passed; `refuseReminders` answers 400 with that message, `refusePhase` 409.
 */
function stubClock(
  initial: Partial<State> = {},
  options: { refuseReminders?: string; refusePhase?: string } = {},
) {
  const state: State = {
    phase: 'open',
    deadline: null,
    closedAt: null,
    now: SERVER_NOW,
    reminders: '',
    offsets: [],
    history: [],
    ...initial,
  };
  const nowOf = () => state.now ?? new Date().toISOString();
  const requests = stubSession(adminUser, (request: FakeRequest) => {
    if (request.url === SCHEDULE) {
      const { now: _now, ...body } = state;
      return { status: 200, body, headers: dateHeader(nowOf()) };
    }
    if (request.method === 'POST' && request.url === '/api/admin/settings') {
      const { key, value } = request.body as { key: string; value: string };
      if (key === 'review_deadline') {
        if (value !== '' && !parseDeadline(value)) return { status: 400, body: { message: 'Bad' } };
        state.deadline = value === '' ? null : value;
      } else if (key === 'review_reminders') {
        if (options.refuseReminders) {
          return { status: 400, body: { message: options.refuseReminders } };
        }
        state.reminders = value;
        state.offsets = (parseReminderOffsets(value) ?? []).map((o) => ({
          offset: o.label,
          sendAt: null,
          state: 'unscheduled',
          wouldReach: 3,
          sentAt: null,
          sentCount: null,
        }));
      } else if (key === 'review_phase') {
        if (options.refusePhase) return { status: 409, body: { message: options.refusePhase } };
        const deadline = state.deadline ? parseDeadline(state.deadline) : null;
        if (value === 'open' && deadline && deadline.getTime() <= Date.parse(nowOf())) {
          return { status: 409, body: { message: PHASE_MESSAGE } };
        }
        state.phase = value as 'open' | 'closed';
        state.closedAt = value === 'closed' ? nowOf() : null;
      }
      return { status: 200, body: { key, value } };
    }
    // The rest of the dashboard stays loading: only the clock card is under test.
    if (request.url.startsWith('/api/admin/')) return new Promise(() => {});
    return undefined;
  });
  return {
    state,
    requests,
    posts: () => requests.filter((r) => r.method === 'POST').map((r) => r.body),
    reads: () => requests.filter((r) => r.url === SCHEDULE).length,
  };
}

const card = () => screen.getByRole('region', { name: 'Review Clock' });

async function openCard() {
  renderApp('/admin/dashboard');
  await screen.findByRole('heading', { name: 'Review Clock' });
}

describe('the review clock card', () => {
  it('shows a skeleton while the schedule loads', async () => {
    stubSession(adminUser, (request) =>
      request.url.startsWith('/api/admin/') ? new Promise(() => {}) : undefined,
    );
    await openCard();
    expect(screen.getByRole('status', { name: 'Loading the review clock' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Deadline')).toBeNull();
  });

  it('says when the schedule cannot be loaded, and retries', async () => {
    let fails = true;
    const requests = stubSession(adminUser, (request) => {
      if (request.url === SCHEDULE) {
        return fails
          ? { status: 500, body: { message: 'boom' } }
          : {
              status: 200,
              body: {
                phase: 'open',
                deadline: null,
                closedAt: null,
                now: SERVER_NOW,
                reminders: '',
                offsets: [],
                history: [],
              },
            };
      }
      return request.url.startsWith('/api/admin/') ? new Promise(() => {}) : undefined;
    });
    await openCard();
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'The review clock could not be loaded.',
    );
    fails = false;
    await userEvent.setup().click(within(card()).getByRole('button', { name: 'Retry' }));
    expect(await within(card()).findByText(NO_DEADLINE_MESSAGE)).toBeInTheDocument();
    expect(requests.filter((r) => r.url === SCHEDULE)).toHaveLength(2);
  });

  it('with no deadline: Open, and reviewing stays open until closed', async () => {
    stubClock();
    await openCard();
    expect(await within(card()).findByText(NO_DEADLINE_MESSAGE)).toBeInTheDocument();
    expect(within(card()).getByText('Open')).toBeInTheDocument();
    expect(within(card()).getByLabelText('Deadline')).toHaveValue('');
    expect(within(card()).getByRole('button', { name: 'Clear deadline' })).toBeDisabled();
    expect(within(card()).getByText('No reminders set.')).toBeInTheDocument();
  });

  it("shows the deadline in the admin's zone, the countdown by the server's clock, and each reminder", async () => {
    // The device's clock is a year wrong: the countdown runs from the server's `now`.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-12-01T00:00:00Z') });
    stubClock({
      deadline: DEADLINE,
      reminders: '7d,2d,6h',
      offsets: [
        {
          offset: '7d',
          sendAt: '2026-12-08T16:00:00.000Z',
          state: 'sent',
          wouldReach: 4,
          sentAt: '2026-12-08T16:01:00.000Z',
          sentCount: 9,
        },
        {
          offset: '2d',
          sendAt: '2026-12-13T16:00:00.000Z',
          state: 'scheduled',
          wouldReach: 12,
          sentAt: null,
          sentCount: null,
        },
        {
          offset: '6h',
          sendAt: '2026-12-15T10:00:00.000Z',
          state: 'scheduled',
          wouldReach: 1,
          sentAt: null,
          sentCount: null,
        },
      ],
    });
    await openCard();
    const status = await within(card()).findByTestId('review-clock-status');
    expect(status).toHaveTextContent('Deadline: Dec 15, 2026, 17:00 (UTC+01:00)');
    expect(status).toHaveTextContent('Closes in 2 days 4 hours');
    expect(within(card()).getByLabelText('Deadline')).toHaveValue('2026-12-15T17:00');
    expect(within(card()).getByLabelText('Reminders')).toHaveValue('7d,2d,6h');
    const rows = within(screen.getByRole('list', { name: 'Reminder schedule' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('7 days before');
    expect(rows[0]).toHaveTextContent('Sent to 9 reviewers on Dec 8, 2026, 17:01 (UTC+01:00)');
    expect(rows[0]).toHaveTextContent('Sent');
    expect(rows[1]).toHaveTextContent('2 days before');
    expect(rows[1]).toHaveTextContent('Sends Dec 13, 2026, 17:00 (UTC+01:00)');
    expect(rows[1]).toHaveTextContent('Would reach 12 reviewers');
    expect(rows[1]).toHaveTextContent('Scheduled');
    expect(rows[2]).toHaveTextContent('Would reach 1 reviewer');
  });

  it('sets the deadline as the local time with its UTC offset, then reads the schedule again', async () => {
    const server = stubClock();
    await openCard();
    const input = await within(card()).findByLabelText('Deadline');
    fireEvent.change(input, { target: { value: '2026-12-15T17:00' } });
    await userEvent.setup().click(within(card()).getByRole('button', { name: 'Save deadline' }));
    await waitFor(() =>
      expect(server.posts()).toEqual([
        { key: 'review_deadline', value: '2026-12-15T17:00:00+01:00' },
      ]),
    );
    expect(
      await within(card()).findByText('Deadline: Dec 15, 2026, 17:00 (UTC+01:00)'),
    ).toBeInTheDocument();
    expect(server.reads()).toBe(2);
  });

  it('carries summer time for a summer deadline', async () => {
    const server = stubClock({ now: '2026-05-01T00:00:00.000Z' });
    await openCard();
    const input = await within(card()).findByLabelText('Deadline');
    fireEvent.change(input, { target: { value: '2026-07-01T09:30' } });
    fireEvent.click(within(card()).getByRole('button', { name: 'Save deadline' }));
    await waitFor(() =>
      expect(server.posts()).toEqual([
        { key: 'review_deadline', value: '2026-07-01T09:30:00+02:00' },
      ]),
    );
  });

  it('refuses a deadline that has passed without sending it', async () => {
    const server = stubClock();
    await openCard();
    const input = await within(card()).findByLabelText('Deadline');
    fireEvent.change(input, { target: { value: '2026-12-13T10:00' } }); // before SERVER_NOW
    fireEvent.click(within(card()).getByRole('button', { name: 'Save deadline' }));
    expect(await within(card()).findByText(PAST_DEADLINE_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(server.posts()).toEqual([]);
  });

  it('clears the deadline by sending an empty value', async () => {
    const server = stubClock({ deadline: DEADLINE });
    await openCard();
    const clear = await within(card()).findByRole('button', { name: 'Clear deadline' });
    await userEvent.setup().click(clear);
    await waitFor(() => expect(server.posts()).toEqual([{ key: 'review_deadline', value: '' }]));
    expect(await within(card()).findByText(NO_DEADLINE_MESSAGE)).toBeInTheDocument();
    expect(within(card()).getByLabelText('Deadline')).toHaveValue('');
  });

  it('checks the reminders with the shared parser before sending them', async () => {
    const server = stubClock({ deadline: DEADLINE });
    await openCard();
    const user = userEvent.setup();
    const input = await within(card()).findByLabelText('Reminders');
    await user.type(input, '7d,2x');
    await user.click(within(card()).getByRole('button', { name: 'Save reminders' }));
    expect(await within(card()).findByText(REMINDERS_FORMAT_MESSAGE)).toBeInTheDocument();
    expect(server.posts()).toEqual([]);

    await user.clear(input);
    await user.type(input, ' 2d,6h ');
    await user.click(within(card()).getByRole('button', { name: 'Save reminders' }));
    await waitFor(() =>
      expect(server.posts()).toEqual([{ key: 'review_reminders', value: '2d,6h' }]),
    );
    expect(within(card()).queryByText(REMINDERS_FORMAT_MESSAGE)).toBeNull();
    const list = await screen.findByRole('list', { name: 'Reminder schedule' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('2 days before'),
      expect.stringContaining('6 hours before'),
    ]);
  });

  it("shows the server's message when it refuses the reminders", async () => {
    stubClock({}, { refuseReminders: 'Reminders need a deadline further away' });
    await openCard();
    const input = await within(card()).findByLabelText('Reminders');
    fireEvent.change(input, { target: { value: '7d' } });
    fireEvent.click(within(card()).getByRole('button', { name: 'Save reminders' }));
    expect(
      await within(card()).findByText('Reminders need a deadline further away'),
    ).toBeInTheDocument();
    expect(input).toHaveValue('7d');
  });

  it('closes reviewing only after saying what it does to reviewers still writing', async () => {
    const server = stubClock({ deadline: DEADLINE });
    await openCard();
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Close reviewing now' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Close Reviewing Now' });
    expect(dialog).toHaveTextContent(
      'A reviewer who is still writing keeps their unsaved input in their browser, but it cannot be saved until reviewing reopens.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.posts()).toEqual([]);

    await user.click(within(card()).getByRole('button', { name: 'Close reviewing now' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Close Reviewing Now' });
    await user.click(within(dialog).getByRole('button', { name: 'Close reviewing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.posts()).toEqual([{ key: 'review_phase', value: 'closed' }]);
    expect(await within(card()).findByText('Closed')).toBeInTheDocument();
    expect(within(card()).getByTestId('review-clock-status')).toHaveTextContent(
      'Closed on Dec 13, 2026, 12:30 (UTC+01:00)',
    );
    expect(within(card()).getByRole('button', { name: 'Reopen reviewing' })).toBeVisible();
  });

  it('reopens after a passed deadline by moving it first: the deadline, then the phase', async () => {
    const server = stubClock({
      phase: 'closed',
      deadline: '2026-12-10T17:00:00+01:00',
      closedAt: '2026-12-10T16:00:00.000Z',
    });
    await openCard();
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Reopen reviewing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reopen Reviewing' });
    expect(dialog).toHaveTextContent(
      'The deadline, Dec 10, 2026, 17:00 (UTC+01:00), has passed. Move it to a later time or clear it',
    );
    // Without a new deadline nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Reopen reviewing' }));
    expect(await within(dialog).findByText('Enter a date and a time')).toBeInTheDocument();
    expect(server.posts()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('New deadline'), {
      target: { value: '2026-12-20T12:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen reviewing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.posts()).toEqual([
      { key: 'review_deadline', value: '2026-12-20T12:00:00+01:00' },
      { key: 'review_phase', value: 'open' },
    ]);
    expect(await within(card()).findByText('Open')).toBeInTheDocument();
    expect(within(card()).getByTestId('review-clock-status')).toHaveTextContent(
      'Deadline: Dec 20, 2026, 12:00 (UTC+01:00)',
    );
  });

  it('reopens after a passed deadline by clearing it', async () => {
    const server = stubClock({
      phase: 'closed',
      deadline: '2026-12-10T17:00:00+01:00',
      closedAt: '2026-12-10T16:00:00.000Z',
    });
    await openCard();
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Reopen reviewing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reopen Reviewing' });
    await user.click(within(dialog).getByRole('radio', { name: 'Clear the deadline' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reopen reviewing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.posts()).toEqual([
      { key: 'review_deadline', value: '' },
      { key: 'review_phase', value: 'open' },
    ]);
    expect(await within(card()).findByText(NO_DEADLINE_MESSAGE)).toBeInTheDocument();
  });

  it('reopens with only the phase when no deadline stands in the way', async () => {
    const server = stubClock({ phase: 'closed', closedAt: '2026-12-12T09:00:00.000Z' });
    await openCard();
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Reopen reviewing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reopen Reviewing' });
    expect(within(dialog).queryByLabelText('New deadline')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Reopen reviewing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.posts()).toEqual([{ key: 'review_phase', value: 'open' }]);
    expect(await within(card()).findByText('Open')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when reopening is refused", async () => {
    const server = stubClock(
      { phase: 'closed', closedAt: '2026-12-12T09:00:00.000Z' },
      { refusePhase: PHASE_MESSAGE },
    );
    await openCard();
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Reopen reviewing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reopen Reviewing' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen reviewing' }));
    expect(await within(dialog).findByText(PHASE_MESSAGE)).toBeInTheDocument();
    expect(server.posts()).toEqual([{ key: 'review_phase', value: 'open' }]);
    // The card behind the dialog (hidden from the accessibility tree meanwhile) still says Closed.
    expect(screen.getByText('Closed')).toBeInTheDocument();
  });
});

describe('the schedule follows the clock without polling', () => {
  it('asks again just after the next send time passes, and not before', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    const sendAt = new Date(Date.now() + 20_000).toISOString();
    const server = stubClock({
      now: null, // the fake server answers its real time
      deadline: new Date(Date.now() + 3 * 86_400_000).toISOString().replace('Z', '+00:00'),
      reminders: '2d',
      offsets: [
        { offset: '2d', sendAt, state: 'scheduled', wouldReach: 2, sentAt: null, sentCount: null },
      ],
    });
    await openCard();
    await within(card()).findByText('Would reach 2 reviewers');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.reads()).toBe(1);
    server.state.offsets = [
      { offset: '2d', sendAt, state: 'sent', wouldReach: 0, sentAt: sendAt, sentCount: 2 },
    ];
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(await within(card()).findByText(/^Sent to 2 reviewers on /)).toBeInTheDocument();
    expect(server.reads()).toBe(2);
  });

  it('looks again at a reminder past its send time until the mail worker has sent it', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    const sendAt = new Date(Date.now() - 5_000).toISOString();
    const server = stubClock({
      now: null,
      deadline: new Date(Date.now() + 2 * 86_400_000).toISOString().replace('Z', '+00:00'),
      reminders: '2d',
      offsets: [
        { offset: '2d', sendAt, state: 'scheduled', wouldReach: 2, sentAt: null, sentCount: null },
      ],
    });
    await openCard();
    await within(card()).findByText('Would reach 2 reviewers');
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(server.reads()).toBe(2); // still not sent: asked once more
    server.state.offsets = [
      { offset: '2d', sendAt, state: 'sent', wouldReach: 0, sentAt: sendAt, sentCount: 2 },
    ];
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(await within(card()).findByText(/^Sent to 2 reviewers on /)).toBeInTheDocument();
    expect(server.reads()).toBe(3);
    // Sent: nothing is due any more, so nothing is asked.
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(server.reads()).toBe(3);
  });
});
