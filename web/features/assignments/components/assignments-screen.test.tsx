import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';
import {
  makeOpportunities,
  makeReviewers,
  stubAssignmentServer,
} from '../test/fake-assignment-server';

const [amara, benjamin, chen] = makeReviewers(3, ['Amara Okafor', 'Benjamin Hartley', 'Chen Wei']);
const reviewers = [amara!, benjamin!, chen!];
const opportunities = makeOpportunities(3, (i) => (i < 2 ? 'Spring' : 'Autumn'));
const [first, second, third] = opportunities as [
  (typeof opportunities)[number],
  (typeof opportunities)[number],
  (typeof opportunities)[number],
];

function stubPanel(extra: Partial<Parameters<typeof stubAssignmentServer>[0]> = {}) {
  return stubAssignmentServer({
    reviewers,
    opportunities,
    assignments: [
      { reviewerId: amara!.id, opportunityId: first.id, hasReview: true },
      { reviewerId: amara!.id, opportunityId: second.id },
    ],
    conflicts: [{ reviewerId: benjamin!.id, opportunityId: third.id, reason: 'Former employer' }],
    ...extra,
  });
}

async function openScreen() {
  const app = renderApp('/admin/assignments');
  await screen.findByRole('heading', { level: 1, name: 'Assignments' });
  await screen.findByRole('grid', { name: 'Assignments' });
  return app;
}

const cell = (name: string) => screen.getByRole('gridcell', { name });
const notifications = () =>
  screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });

describe('assignments screen: review mode', () => {
  it('explains both modes, switches to assigned, says so and warns while nothing is assigned', async () => {
    const server = stubPanel({ assignments: [] });
    await openScreen();
    const open = await screen.findByRole('radio', { name: /^Open/ });
    const assigned = screen.getByRole('radio', { name: /^Assigned/ });
    expect(open).toBeChecked();
    expect(assigned).toHaveAccessibleDescription(
      /Reviewers see, score and comment on only the published opportunities assigned to them/,
    );
    expect(open).toHaveAccessibleDescription(
      /Every active reviewer sees, scores and comments on every published opportunity/,
    );

    await userEvent.setup().click(assigned);

    expect(await within(notifications()).findByText('Review Mode Updated')).toBeInTheDocument();
    expect(
      within(notifications()).getByText(
        'Reviewers now see only the opportunities assigned to them',
      ),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/settings')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/settings',
        body: { key: 'review_assignment', value: 'assigned' },
      },
    ]);
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Assigned/ })).toBeChecked());
    expect(
      screen.getByText(
        'No opportunity is assigned yet: reviewers currently see nothing to review.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the choice at once, and puts it back when the server refuses it', async () => {
    let release: (() => void) | null = null;
    stubPanel({
      intercept: (request) =>
        request.method === 'POST' && request.url === '/api/admin/settings'
          ? (new Promise((resolve) => {
              release = () => resolve({ status: 500, body: { message: 'Database unavailable' } });
            }) as never)
          : undefined,
    });
    await openScreen();
    const assigned = await screen.findByRole('radio', { name: /^Assigned/ });
    // Checked in the click's own render, before the mutation's state arrives a task later (a
    // browser that reads the radio straight after the click saw it snap back to Open).
    fireEvent.click(assigned);
    expect(assigned).toBeChecked();
    await waitFor(() => expect(release).not.toBeNull());
    release!();
    expect(
      await within(notifications()).findByText('Failed to Change Review Mode'),
    ).toBeInTheDocument();
    expect(within(notifications()).getByText('Database unavailable')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Open/ })).toBeChecked());
  });
});

describe('assignments screen: the grid', () => {
  it('shows assigned, reviewed and conflicted pairs, each reviewer’s load and each opportunity’s coverage', async () => {
    stubPanel();
    await openScreen();
    expect(cell('Amara Okafor, #1: assigned, reviewed')).toHaveTextContent('✓');
    expect(cell('Amara Okafor, #2: assigned, not reviewed yet')).toHaveTextContent('●');
    expect(cell('Amara Okafor, #3: not assigned')).toHaveTextContent('');
    expect(cell('Benjamin Hartley, #3: conflict of interest')).toHaveTextContent('⊘');
    // States are told apart by more than the glyph: data-state drives the colours.
    expect(cell('Benjamin Hartley, #3: conflict of interest')).toHaveAttribute(
      'data-state',
      'conflict',
    );

    const grid = screen.getByRole('grid', { name: 'Assignments' });
    expect(within(grid).getByRole('button', { name: /^Amara Okafor/ })).toHaveTextContent(
      '2 assigned · 1 reviewed',
    );
    expect(within(grid).getByRole('button', { name: /^Chen Wei/ })).toHaveTextContent(
      '0 assigned · 0 reviewed',
    );
    expect(within(grid).getByRole('button', { name: '#1: 1 assigned, 1 reviewed' })).toBeVisible();
    expect(within(grid).getByRole('button', { name: '#3: 0 assigned, 0 reviewed' })).toBeVisible();
    expect(grid).toHaveAttribute('aria-rowcount', '4');
    expect(grid).toHaveAttribute('aria-colcount', '4');
  });

  it('adds an assignment with a click and removes it with the keyboard', async () => {
    const server = stubPanel();
    await openScreen();
    const user = userEvent.setup();

    await user.click(cell('Chen Wei, #1: not assigned'));
    expect(
      await screen.findByRole('gridcell', { name: 'Chen Wei, #1: assigned, not reviewed yet' }),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/assignments')[0]?.body).toEqual({
      pairs: [{ reviewerId: chen!.id, opportunityId: first.id }],
    });
    expect(within(notifications()).getByText('Assignment Added')).toBeInTheDocument();
    expect(within(notifications()).getByText('1 assignment added')).toBeInTheDocument();

    // The clicked cell holds the grid's one tab stop; arrows move it, Enter acts.
    const clicked = cell('Chen Wei, #1: assigned, not reviewed yet');
    expect(clicked).toHaveAttribute('tabindex', '0');
    clicked.focus();
    await user.keyboard('{ArrowUp}');
    expect(cell('Benjamin Hartley, #1: not assigned')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(clicked).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('gridcell', { name: 'Chen Wei, #1: not assigned' }),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/assignments/remove')[0]?.body).toEqual({
      pairs: [{ reviewerId: chen!.id, opportunityId: first.id }],
    });
    expect(server.isAssigned(chen!.id, first.id)).toBe(false);
  });

  it('moves through headers and cells with arrows, Home, End and Ctrl+Home', async () => {
    stubPanel();
    await openScreen();
    const user = userEvent.setup();
    cell('Amara Okafor, #1: assigned, reviewed').focus();
    await user.keyboard('{End}');
    expect(cell('Amara Okafor, #3: not assigned')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: /^Amara Okafor/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    // The corner holds nothing: the focus stays on the row header.
    expect(screen.getByRole('button', { name: /^Amara Okafor/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(screen.getByRole('button', { name: '#1: 1 assigned, 1 reviewed' })).toHaveFocus();
    // ArrowDown on a header moves down rather than opening its menu.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(cell('Benjamin Hartley, #1: not assigned')).toHaveFocus();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(cell('Chen Wei, #3: not assigned')).toHaveFocus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(cell('Amara Okafor, #1: assigned, reviewed')).toHaveFocus();
  });

  it('asks before removing an assignment that has a review, and says what happens to it', async () => {
    const server = stubPanel();
    await openScreen();
    const user = userEvent.setup();

    await user.click(cell('Amara Okafor, #1: assigned, reviewed'));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove Reviewed Assignment?' });
    expect(dialog).toHaveTextContent(
      'Remove Amara Okafor from #1? The reviewer already saved a review or comment there.',
    );
    expect(dialog).toHaveTextContent(
      'The review is kept, not deleted, but while reviews are assigned it no longer counts in the dashboard, analytics and results',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/admin/assignments/remove')).toEqual([]);

    await user.click(cell('Amara Okafor, #1: assigned, reviewed'));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove Reviewed Assignment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Assignment' }));
    expect(
      await screen.findByRole('gridcell', { name: 'Amara Okafor, #1: not assigned' }),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/assignments/remove').map((r) => r.body)).toEqual([
      { pairs: [{ reviewerId: amara!.id, opportunityId: first.id }], confirmReviewed: true },
    ]);
    expect(within(notifications()).getByText('Assignment Removed')).toBeInTheDocument();
    expect(
      within(notifications()).getByText(
        '1 assignment removed; 1 review kept but no longer counted',
      ),
    ).toBeInTheDocument();
  });

  it('asks for the confirmation the server requires when the board did not show the saved work', async () => {
    const server = stubPanel({
      assignments: [{ reviewerId: chen!.id, opportunityId: second.id, hasComment: true }],
    });
    await openScreen();
    const user = userEvent.setup();
    await user.click(cell('Chen Wei, #2: assigned, not reviewed yet'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Reviewed Assignment?' });
    expect(server.isAssigned(chen!.id, second.id)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Assignment' }));
    await waitFor(() => expect(server.isAssigned(chen!.id, second.id)).toBe(false));
    expect(server.calls('POST', '/api/admin/assignments/remove').map((r) => r.body)).toEqual([
      { pairs: [{ reviewerId: chen!.id, opportunityId: second.id }] },
      { pairs: [{ reviewerId: chen!.id, opportunityId: second.id }], confirmReviewed: true },
    ]);
  });

  it('says why an assignment was refused and leaves the cell as it was', async () => {
    stubPanel({
      intercept: (request) =>
        request.method === 'POST' && request.url === '/api/admin/assignments'
          ? { status: 409, body: { message: 'Chen Wei declared a conflict of interest' } }
          : undefined,
    });
    await openScreen();
    await userEvent.setup().click(cell('Chen Wei, #1: not assigned'));
    expect(await within(notifications()).findByText('Nothing Assigned')).toBeInTheDocument();
    expect(
      within(notifications()).getByText('Chen Wei declared a conflict of interest'),
    ).toBeInTheDocument();
    expect(cell('Chen Wei, #1: not assigned')).not.toHaveAttribute('aria-busy');
  });

  it("assigns a reviewer to every shown opportunity and removes an opportunity's reviewers", async () => {
    const server = stubPanel();
    await openScreen();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: /^Chen Wei/ }));
    await user.click(
      await screen.findByRole('menuitem', { name: 'Assign to every shown opportunity (3)' }),
    );
    await screen.findByRole('gridcell', { name: 'Chen Wei, #3: assigned, not reviewed yet' });
    expect(server.calls('POST', '/api/admin/assignments')[0]?.body).toEqual({
      pairs: opportunities.map((o) => ({ reviewerId: chen!.id, opportunityId: o.id })),
    });

    // The conflicted pair is left out of an assignment by column.
    await user.click(screen.getByRole('button', { name: '#3: 1 assigned, 0 reviewed' }));
    expect(
      await screen.findByRole('menuitem', { name: 'Assign every listed reviewer (1)' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Remove every listed reviewer (1)' }));
    await screen.findByRole('gridcell', { name: 'Chen Wei, #3: not assigned' });
    expect(server.calls('POST', '/api/admin/assignments/remove')[0]?.body).toEqual({
      pairs: [{ reviewerId: chen!.id, opportunityId: third.id }],
    });
  });

  it('opens a conflicted cell as its withdrawal, confirmed first', async () => {
    const server = stubPanel();
    await openScreen();
    const user = userEvent.setup();
    await user.click(cell('Benjamin Hartley, #3: conflict of interest'));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Withdraw Conflict of Interest?',
    });
    expect(dialog).toHaveTextContent(
      'Benjamin Hartley on #3 Opportunity 3: declared by the reviewer on Mar 1, 2026, reason: Former employer.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw Conflict' }));
    expect(
      await screen.findByRole('gridcell', { name: 'Benjamin Hartley, #3: not assigned' }),
    ).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/admin/conflicts/40000000-0000-4000-8000-000000000001',
    ]);
    expect(within(notifications()).getByText('Conflict Withdrawn')).toBeInTheDocument();
  });
});
