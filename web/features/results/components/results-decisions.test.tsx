import type { DecisionEntry, DecisionsList } from '@shared/decision-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it } from 'vitest';
import { resultOpportunity, resultsOf } from '../test/results-fixtures';

const heat = resultOpportunity({ number: 1, title: 'Heat pumps' });
const tidal = resultOpportunity({ number: 2, title: 'Tidal kites' });
const seaweed = resultOpportunity({ number: 3, title: 'Seaweed farms' });
const results = resultsOf({ opportunities: [heat, tidal, seaweed] });

function decision(
  opportunity: typeof heat,
  outcome: DecisionEntry['outcome'],
  state: DecisionEntry['state'],
): DecisionEntry {
  const snapshot = {
    reviewCount: 2,
    rawComposite: 3,
    calibratedComposite: 3,
    calibratedRank: opportunity.number,
    calibratedRankInterval: null,
    flags: [],
    alpha: 0.8,
    ranked: 3,
  };
  return {
    id: `60000000-0000-4000-8000-00000000000${opportunity.number}${state === 'draft' ? 1 : 2}`,
    opportunityId: opportunity.id,
    revision: 1,
    outcome,
    rationale: '',
    state,
    decidedBy: null,
    decidedAt: '2026-05-01T10:00:00.000Z',
    releasedBy: null,
    releasedAt: null,
    evidence: snapshot,
    letterTo: null,
    proposedFor: null,
    number: opportunity.number,
    title: opportunity.title,
    ownerEmail: null,
    waitlistPosition: null,
    flags: [],
    changedSince: [],
  };
}

function openResults(initial: DecisionEntry[], bulk?: { status: number; body: unknown }) {
  let decisions: DecisionsList = { decisions: initial, waitlist: [], acceptedCount: 0 };
  const requests = stubSession(adminUser, (request: FakeRequest) => {
    if (request.url === '/api/admin/results') return { status: 200, body: results };
    if (request.method === 'GET' && request.url === '/api/admin/decisions') {
      return { status: 200, body: decisions };
    }
    if (request.method === 'POST' && request.url === '/api/admin/decisions/bulk') {
      if (bulk) return bulk;
      const { ids, outcome } = request.body as { ids: string[]; outcome: DecisionEntry['outcome'] };
      const drafted = [heat, tidal, seaweed]
        .filter((o) => ids.includes(o.id))
        .map((o) => decision(o, outcome, 'draft'));
      decisions = {
        ...decisions,
        decisions: [
          ...decisions.decisions.filter(
            (d) => d.state !== 'draft' || !ids.includes(d.opportunityId),
          ),
          ...drafted,
        ],
      };
      return { status: 200, body: { decisions: drafted } };
    }
    return undefined;
  });
  renderApp('/admin/results');
  return requests;
}

const rankingTable = async () =>
  within(await screen.findByRole('region', { name: 'Ranking' })).findByRole('table', {
    name: 'Opportunities ranked by calibrated composite',
  });
const outcomeOf = (table: HTMLElement, title: string) =>
  within(table).getByRole('row', { name: new RegExp(title) }).lastElementChild
    ?.previousElementSibling?.textContent;

describe('results page: decisions', () => {
  beforeAll(async () => {
    await import('@web/app/routes/admin/results-page');
  }, 30_000);

  it('shows each outcome, a draft apart from the one released', async () => {
    openResults([
      decision(heat, 'accepted', 'released'),
      decision(heat, 'withdrawn', 'draft'),
      decision(tidal, 'declined', 'draft'),
    ]);
    const table = await rankingTable();
    await waitFor(() =>
      expect(within(table).getAllByRole('columnheader').at(-2)).toHaveTextContent('Outcome'),
    );
    const heatRow = within(table).getByRole('row', { name: /Heat pumps/ });
    expect(within(heatRow).getByText('Accepted')).toHaveAttribute('data-state', 'released');
    expect(within(heatRow).getByText('Withdrawn (draft)')).toHaveAttribute('data-state', 'draft');
    expect(outcomeOf(table, 'Tidal kites')).toBe('Declined (draft)');
    expect(outcomeOf(table, 'Seaweed farms')).toBe('-No decision');
  });

  it('filters the ranking by outcome and by decision state', async () => {
    openResults([decision(heat, 'accepted', 'released'), decision(tidal, 'declined', 'draft')]);
    const table = await rankingTable();
    const user = userEvent.setup();
    const titles = () =>
      within(table)
        .getAllByTestId('ranking-row')
        .map((row) => row.querySelector('th')?.textContent);
    await waitFor(() => expect(screen.getByLabelText('Outcome')).toBeInTheDocument());

    await user.selectOptions(screen.getByLabelText('Decision'), 'Draft');
    expect(titles()).toEqual(['Tidal kites']);
    expect(screen.getByText('1 of 3 shown')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Decision'), 'No decision');
    expect(titles()).toEqual(['Seaweed farms']);
    await user.selectOptions(screen.getByLabelText('Decision'), 'Any or none');
    await user.selectOptions(screen.getByLabelText('Outcome'), 'Accepted');
    expect(titles()).toEqual(['Heat pumps']);
  });

  it('drafts one outcome on the checked rows and shows it', async () => {
    const requests = openResults([]);
    const table = await rankingTable();
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('checkbox', { name: 'Select #1 Heat pumps' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select #3 Seaweed farms' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions on the ranking' });
    expect(within(bar).getByText('2 selected')).toBeVisible();
    await user.click(within(bar).getByRole('button', { name: 'Decide' }));

    const dialog = await screen.findByRole('dialog', { name: 'Decide' });
    await user.selectOptions(within(dialog).getByLabelText('Outcome'), 'Shortlisted');
    await user.type(within(dialog).getByLabelText('Rationale (optional)'), 'Top third');
    await user.click(within(dialog).getByRole('button', { name: 'Save drafts' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { ids: [heat.id, seaweed.id], outcome: 'shortlisted', rationale: 'Top third' },
    ]);
    await waitFor(() => expect(outcomeOf(table, 'Heat pumps')).toBe('Shortlisted (draft)'));
    expect(outcomeOf(table, 'Seaweed farms')).toBe('Shortlisted (draft)');
    expect(outcomeOf(table, 'Tidal kites')).toBe('-No decision');
    expect(screen.queryByRole('region', { name: 'Bulk actions on the ranking' })).toBeNull();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    openResults([], { status: 409, body: { message: '#2 is a draft opportunity' } });
    const table = await rankingTable();
    const user = userEvent.setup();
    await user.click(
      await within(table).findByRole('checkbox', { name: 'Select all shown opportunities' }),
    );
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide' });
    await user.selectOptions(within(dialog).getByLabelText('Outcome'), 'Declined');
    await user.click(within(dialog).getByRole('button', { name: 'Save drafts' }));
    expect(await within(dialog).findByText('#2 is a draft opportunity')).toBeVisible();
  });
});
