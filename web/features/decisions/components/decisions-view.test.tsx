import type { DecisionsList, ReleaseResult } from '@shared/decision-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it } from 'vitest';
import { entry, uuid } from '../test/decision-fixtures';

const heat = uuid();
const tidal = uuid();
const seaweed = uuid();
const kelp = uuid();

function list(): DecisionsList {
  return {
    decisions: [
      entry({
        opportunityId: heat,
        number: 4,
        title: 'Heat pumps',
        state: 'released',
        outcome: 'accepted',
        ownerEmail: 'olga@example.com',
      }),
      entry({
        opportunityId: heat,
        number: 4,
        title: 'Heat pumps',
        outcome: 'withdrawn',
        changedSince: ['calibratedRank', 'reviewCount'],
      }),
      entry({
        opportunityId: tidal,
        number: 2,
        title: 'Tidal kites',
        outcome: 'declined',
        flags: ['ranked-above-accepted'],
      }),
      entry({
        opportunityId: seaweed,
        number: 12,
        title: 'Seaweed farms',
        outcome: 'waitlisted',
        state: 'released',
        waitlistPosition: 1,
      }),
      entry({
        opportunityId: kelp,
        number: 9,
        title: 'Kelp forests',
        outcome: 'waitlisted',
        waitlistPosition: 2,
      }),
    ],
    waitlist: [seaweed, kelp],
    acceptedCount: 1,
  };
}

function openDecisions(
  options: {
    answer?: DecisionsList;
    release?: (body: Record<string, unknown>) => ReleaseResult;
  } = {},
) {
  let current = options.answer ?? list();
  const requests = stubSession(adminUser, (request: FakeRequest) => {
    if (request.method === 'GET' && request.url === '/api/admin/decisions') {
      return { status: 200, body: current };
    }
    if (request.method === 'PATCH' && request.url === '/api/admin/decisions/waitlist') {
      const { ids } = request.body as { ids: string[] };
      current = { ...current, waitlist: ids };
      return { status: 200, body: { waitlist: ids } };
    }
    if (request.method === 'POST' && request.url === '/api/admin/decisions/release') {
      const body = request.body as Record<string, unknown>;
      return { status: 200, body: options.release?.(body) };
    }
    return undefined;
  });
  const app = renderApp('/admin/results/decisions');
  return { app, requests };
}

const dryRunPlan = (body: Record<string, unknown>): ReleaseResult => ({
  dryRun: Boolean(body.dryRun),
  released: [
    { opportunityId: heat, number: 4, title: 'Heat pumps', outcome: 'withdrawn' },
    { opportunityId: tidal, number: 2, title: 'Tidal kites', outcome: 'declined' },
    { opportunityId: kelp, number: 9, title: 'Kelp forests', outcome: 'waitlisted' },
  ],
  letters:
    body.dryRun || body.sendLetters
      ? [{ opportunityId: heat, number: 4, to: 'olga@example.com' }]
      : [],
  withoutOwnerEmail: [2, 9],
  proposed: body.dryRun
    ? []
    : [{ opportunityId: seaweed, number: 12, title: 'Seaweed farms', forNumber: 4 }],
});

describe('decisions page', () => {
  beforeAll(async () => {
    await import('@web/app/routes/admin/decisions-page');
  }, 30_000);

  it('lists each opportunity with the outcome in force, its draft, flags and what moved', async () => {
    openDecisions();
    expect(await screen.findByRole('heading', { level: 1, name: 'Decisions' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Decisions' });
    const rows = within(table).getAllByTestId('decision-row');
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Tidal kites',
      'Heat pumps',
      'Kelp forests',
      'Seaweed farms',
    ]);
    const heatRow = rows[1]!;
    expect(within(heatRow).getByText('Accepted')).toHaveAttribute('data-state', 'released');
    expect(within(heatRow).getByText('Withdrawn (draft)')).toHaveAttribute('data-state', 'draft');
    expect(within(heatRow).getByText('Changed since: Calibrated rank, Reviews')).toBeVisible();
    expect(within(heatRow).getByText('olga@example.com')).toBeVisible();
    expect(within(rows[0]!).getByText('ranked above accepted ones')).toBeVisible();
    expect(within(heatRow).getByRole('link', { name: 'Heat pumps' })).toHaveAttribute(
      'href',
      `/admin/results/decisions/${heat}`,
    );
    expect(document.title).toBe('Decisions · Assay');
  });

  it('says how to start when there is no decision', async () => {
    openDecisions({ answer: { decisions: [], waitlist: [], acceptedCount: 0 } });
    expect(
      await screen.findByRole('heading', { name: 'No decisions yet. Decide from Results.' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Results' })).toHaveAttribute(
      'href',
      '/admin/results',
    );
  });

  it('moves a waitlisted opportunity up with the keyboard and sends the new order', async () => {
    const { requests } = openDecisions();
    const waitlist = await screen.findByRole('list', { name: 'Waitlist order' });
    const order = () =>
      within(waitlist)
        .getAllByTestId('waitlist-item')
        .map((item) => item.textContent?.match(/#\d+/)?.[0]);
    expect(order()).toEqual(['#12', '#9']);
    expect(within(waitlist).getByRole('button', { name: 'Move #12 up' })).toBeDisabled();

    const user = userEvent.setup();
    within(waitlist).getByRole('button', { name: 'Move #9 up' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(order()).toEqual(['#9', '#12']));
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/admin/decisions/waitlist', body: { ids: [kelp, seaweed] } },
    ]);
  });

  it('confirms a release with what the dry run says, then releases and shows the proposal', async () => {
    const { requests } = openDecisions({ release: dryRunPlan });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Release drafts' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Release 3 decisions?' });
    const summary = within(dialog).getByTestId('release-summary');
    expect(summary).toHaveTextContent('#4 Heat pumps: Withdrawn');
    expect(summary).toHaveTextContent(
      'No letters are sent. With the box ticked, 1 letter would go to olga@example.com.',
    );
    expect(summary).toHaveTextContent('#2 and #9 have no owner email: no letter.');
    const sendLetters = within(dialog).getByRole('checkbox', { name: 'Send letters to owners' });
    expect(sendLetters).not.toBeChecked();
    await user.click(sendLetters);
    expect(summary).toHaveTextContent('1 letter goes to olga@example.com.');

    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { dryRun: true, sendLetters: true },
      { sendLetters: true },
    ]);
    const notifications = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(await within(notifications).findByText('Decisions Released')).toBeVisible();
    expect(
      within(notifications).getByText(/#12 proposed as accepted because #4 withdrew/),
    ).toBeVisible();
    expect(
      screen.getByText(/^#12 proposed as accepted because #4 withdrew \(Seaweed farms\)/),
    ).toBeVisible();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    stubSession(adminUser, (request) =>
      request.url === '/api/admin/decisions'
        ? { status: 500, body: { message: 'boom' } }
        : undefined,
    );
    renderApp('/admin/results/decisions');
    expect(await screen.findByRole('heading', { name: 'Error Loading Decisions' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});
