import type { AutoAssignPlan } from '@shared/review-cycle-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';
import {
  makeOpportunities,
  makeReviewers,
  stubAssignmentServer,
} from '../test/fake-assignment-server';
import { STALE_PREVIEW_MESSAGE } from './auto-assign-dialog';

const reviewers = makeReviewers(3, ['Amara Okafor', 'Benjamin Hartley', 'Chen Wei']);
const opportunities = makeOpportunities(2, (i) => (i === 0 ? 'Spring' : 'Autumn'));
const [amara, benjamin, chen] = reviewers as [
  (typeof reviewers)[number],
  (typeof reviewers)[number],
  (typeof reviewers)[number],
];
const [first, second] = opportunities as [
  (typeof opportunities)[number],
  (typeof opportunities)[number],
];

/** k = 2 with a cap of 1 per reviewer: three places fill, the fourth cannot. */
const plan: AutoAssignPlan = {
  fingerprint: 'fp-1',
  applied: false,
  added: [
    { reviewerId: amara.id, opportunityId: first.id },
    { reviewerId: benjamin.id, opportunityId: first.id },
    { reviewerId: chen.id, opportunityId: second.id },
  ],
  loads: [
    { reviewerId: amara.id, before: 0, after: 1 },
    { reviewerId: benjamin.id, before: 0, after: 1 },
    { reviewerId: chen.id, before: 0, after: 1 },
  ],
  coverage: [
    { opportunityId: first.id, before: 0, after: 2 },
    { opportunityId: second.id, before: 0, after: 1 },
  ],
  unplaced: [
    {
      opportunityId: second.id,
      missing: 1,
      reason: 'Every eligible reviewer has reached the cap of 1',
    },
  ],
};

async function openDialog(options: { stale?: boolean } = {}) {
  let applyCalls = 0;
  const server = stubAssignmentServer({
    reviewers,
    opportunities,
    autoAssign: (body) => {
      if (body.apply !== true) return { status: 200, body: plan };
      applyCalls += 1;
      if (options.stale && applyCalls === 1) {
        return { status: 409, body: { message: 'The assignments changed since the preview' } };
      }
      return { status: 200, body: { ...plan, applied: true } };
    },
  });
  renderApp('/admin/assignments');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Auto-Assign' }));
  const dialog = await screen.findByRole('dialog', { name: 'Auto-Assign Reviewers' });
  return { server, user, dialog };
}

const autoCalls = (server: ReturnType<typeof stubAssignmentServer>) =>
  server.calls('POST', '/api/admin/assignments/auto').map((r) => r.body as Record<string, unknown>);

describe('auto-assign dialog', () => {
  it('previews loads, coverage and what could not be placed, then applies with the fingerprint', async () => {
    const { server, user, dialog } = await openDialog();
    const k = within(dialog).getByRole('textbox', { name: 'Reviewers per opportunity (k)' });
    await user.clear(k);
    await user.type(k, '2');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Most per reviewer (optional)' }),
      '1',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Opportunities' }),
      'Spring',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(autoCalls(server)).toEqual([
      { perOpportunity: 2, batch: 'Spring', maxPerReviewer: 1, apply: false },
    ]);
    const summary = within(preview).getByRole('list', { name: 'Summary' });
    expect(summary).toHaveTextContent('Adds 3 assignments');
    expect(summary).toHaveTextContent('Load per reviewer after applying: 1 to 1 opportunities');
    expect(summary).toHaveTextContent('1 of 2 opportunities reach 2 reviewers');
    expect(within(preview).getByRole('list', { name: 'Could not place' })).toHaveTextContent(
      '#2 Opportunity 2: 1 reviewer missing. Every eligible reviewer has reached the cap of 1',
    );
    const loads = within(preview).getByRole('region', { name: 'Load per reviewer' });
    expect(
      within(loads)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Amara Okafor01', 'Benjamin Hartley01', 'Chen Wei01']);
    const coverage = within(preview).getByRole('region', { name: 'Coverage per opportunity' });
    expect(
      within(coverage)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['#1 Opportunity 102', '#2 Opportunity 201']);

    // Nothing changed yet: the preview wrote nothing.
    expect(server.isAssigned(amara.id, first.id)).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Apply 3 Assignments' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(autoCalls(server)[1]).toEqual({
      perOpportunity: 2,
      batch: 'Spring',
      maxPerReviewer: 1,
      fingerprint: 'fp-1',
      apply: true,
    });
    const notifications = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(within(notifications).getByText('Assignments Applied')).toBeInTheDocument();
    expect(within(notifications).getByText('3 assignments added')).toBeInTheDocument();
    expect(
      await screen.findByRole('gridcell', { name: 'Amara Okafor, #1: assigned, not reviewed yet' }),
    ).toBeInTheDocument();
  });

  it('says when the assignments changed since the preview, and applies only a new preview', async () => {
    const { server, user, dialog } = await openDialog({ stale: true });
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Apply 3 Assignments' }));

    expect(await within(dialog).findByText(STALE_PREVIEW_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Apply/ })).not.toBeInTheDocument();
    expect(server.isAssigned(amara.id, first.id)).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Apply 3 Assignments' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(autoCalls(server).map((body) => body.apply)).toEqual([false, true, false, true]);
  });

  it('drops the preview when an input changes, and checks the numbers before asking', async () => {
    const { server, user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByRole('region', { name: 'Preview' });
    expect(autoCalls(server)).toEqual([{ perOpportunity: 3, apply: false }]);

    const k = within(dialog).getByRole('textbox', { name: 'Reviewers per opportunity (k)' });
    await user.clear(k);
    expect(within(dialog).queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    await user.type(k, '0');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Most per reviewer (optional)' }),
      'x',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Enter a whole number from 1 to 1000')).toBeVisible();
    expect(
      within(dialog).getByText('Leave empty, or enter a whole number from 1 to 1000'),
    ).toBeVisible();
    expect(autoCalls(server)).toHaveLength(1);
  });
});
