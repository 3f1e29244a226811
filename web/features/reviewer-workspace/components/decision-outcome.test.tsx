import { screen, within } from '@testing-library/react';
import { makeOpportunity, stubReviewerServer } from '@web/test/fake-reviewer-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

describe("the released outcome on the reviewer's screens (issue 35)", () => {
  const accepted = {
    ...makeOpportunity({ number: 1, title: 'Heat pumps' }),
    outcome: 'accepted' as const,
  };
  const undecided = makeOpportunity({ number: 2, title: 'Tidal kites' });

  it('shows a badge on the card that carries an outcome, and nothing on the others', async () => {
    stubReviewerServer({ opportunities: [accepted, undecided], lastOpportunityId: null });
    renderApp('/reviewer/opportunities');
    const cards = await screen.findAllByTestId('opportunity-card');
    const [heat, tidal] = cards;
    expect(within(heat!).getByTestId('decision-outcome')).toHaveTextContent('Decision: Accepted');
    expect(within(heat!).getByText('Accepted')).toBeVisible();
    expect(within(heat!).getByText('Not Started')).toBeVisible();
    expect(within(tidal!).queryByTestId('decision-outcome')).toBeNull();
  });

  it("shows it in the detail's header", async () => {
    stubReviewerServer({ opportunities: [accepted, undecided] });
    renderApp(`/reviewer/opportunities/${accepted.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Heat pumps' })).toBeVisible();
    expect(screen.getByTestId('decision-outcome')).toHaveTextContent('Decision: Accepted');
  });

  it('shows none when the detail has no outcome', async () => {
    stubReviewerServer({ opportunities: [accepted, undecided] });
    renderApp(`/reviewer/opportunities/${undecided.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidal kites' })).toBeVisible();
    expect(screen.queryByTestId('decision-outcome')).toBeNull();
  });
});
