import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';
import {
  makeOpportunities,
  makeReviewers,
  stubAssignmentServer,
} from '../test/fake-assignment-server';

const reviewers = makeReviewers(2, ['Amara Okafor', 'Benjamin Hartley']);
const opportunities = makeOpportunities(2);
const [amara, benjamin] = reviewers as [(typeof reviewers)[number], (typeof reviewers)[number]];
const [first, second] = opportunities as [
  (typeof opportunities)[number],
  (typeof opportunities)[number],
];

async function openCard(withConflicts = true) {
  const server = stubAssignmentServer({
    reviewers,
    opportunities,
    conflicts: withConflicts
      ? [
          {
            reviewerId: amara.id,
            opportunityId: second.id,
            reason: 'Co-founded the team',
            declaredBy: 'reviewer',
            createdAt: '2026-03-01T10:00:00.000Z',
          },
          {
            reviewerId: benjamin.id,
            opportunityId: first.id,
            reason: null,
            declaredBy: 'admin',
            createdAt: '2026-03-04T10:00:00.000Z',
          },
        ]
      : [],
  });
  renderApp('/admin/assignments');
  await screen.findByRole('heading', { name: 'Conflicts of Interest' });
  return { server, user: userEvent.setup() };
}

const notifications = () =>
  screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });

describe('conflicts of interest card', () => {
  it('lists every conflict, newest first: reviewer, opportunity, reason, who declared it, date', async () => {
    await openCard();
    const table = await screen.findByRole('table', { name: 'Conflicts of interest' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Reviewer', 'Opportunity', 'Reason', 'Declared By', 'Date', 'Actions'],
      [
        'Benjamin Hartleybenjamin.hartley@example.com',
        '#1 Opportunity 1',
        '-No reason given',
        'Admin',
        'Mar 4, 2026',
        'Withdraw',
      ],
      [
        'Amara Okaforamara.okafor@example.com',
        '#2 Opportunity 2',
        'Co-founded the team',
        'Reviewer',
        'Mar 1, 2026',
        'Withdraw',
      ],
    ]);
  });

  it('withdraws a conflict after a confirmation that says what follows', async () => {
    const { server, user } = await openCard();
    await user.click(
      await screen.findByRole('button', { name: 'Withdraw conflict of Amara Okafor on #2' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Withdraw Conflict of Interest?',
    });
    expect(dialog).toHaveTextContent(
      'The reviewer can then score and comment on this opportunity again',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw Conflict' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.conflicts.map((c) => c.reviewerId)).toEqual([benjamin.id]);
    expect(within(notifications()).getByText('Conflict Withdrawn')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Withdraw conflict of Amara Okafor on #2' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('records a conflict for a reviewer, asking for the choices it needs', async () => {
    const { server, user } = await openCard(false);
    expect(await screen.findByText('No conflicts of interest declared')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record Conflict' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Conflict of Interest' });
    await user.click(within(dialog).getByRole('button', { name: 'Record Conflict' }));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('combobox', { name: 'Reviewer' }),
      ).toHaveAccessibleDescription('Choose a reviewer'),
    );
    expect(
      within(dialog).getByRole('combobox', { name: 'Opportunity' }),
    ).toHaveAccessibleDescription('Choose an opportunity');
    expect(server.calls('POST', '/api/admin/conflicts')).toEqual([]);

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Reviewer' }),
      'Benjamin Hartley (benjamin.hartley@example.com)',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Opportunity' }),
      '#2 Opportunity 2',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Advisor');
    await user.click(within(dialog).getByRole('button', { name: 'Record Conflict' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/admin/conflicts').map((r) => r.body)).toEqual([
      { reviewerId: benjamin.id, opportunityId: second.id, reason: 'Advisor' },
    ]);
    expect(within(notifications()).getByText('Conflict Recorded')).toBeInTheDocument();
    expect(
      await screen.findByRole('gridcell', { name: 'Benjamin Hartley, #2: conflict of interest' }),
    ).toBeInTheDocument();
  });
});
