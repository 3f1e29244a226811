import type { BallotResults } from '@shared/ballot-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it } from 'vitest';
import { threeFinalists } from '../test/ballot-fixtures';

/** The admin's ballot page over a server holding `results` and the `ballot_open` setting. */
function openAdminBallot(results: BallotResults, initiallyOpen = true) {
  let isOpen = initiallyOpen;
  const requests = stubSession(adminUser, (request: FakeRequest) => {
    if (request.method === 'GET' && request.url === '/api/admin/ballot/results') {
      return { status: 200, body: { ...results, open: isOpen } };
    }
    if (request.method === 'GET' && request.url === '/api/admin/settings/ballot_open') {
      return { status: 200, body: { key: 'ballot_open', value: String(isOpen) } };
    }
    if (request.method === 'POST' && request.url === '/api/admin/settings') {
      const { key, value } = request.body as { key: string; value: string };
      if (key === 'ballot_open') isOpen = value === 'true';
      return { status: 200, body: { key, value } };
    }
    return undefined;
  });
  renderApp('/admin/ballot');
  return requests;
}

describe("the admin's finalist ballot", () => {
  beforeAll(async () => {
    await import('@web/app/routes/admin/ballot-page');
  }, 30_000);

  it('shows the Schulze order with ties, stability, intervals, Borda and score places', async () => {
    const { results } = threeFinalists();
    openAdminBallot(results);
    const order = await screen.findByRole('list', { name: 'Ballot order' });
    expect(document.title).toBe('Finalist ballot · Assay');
    const places = within(order).getAllByTestId('ballot-order-place');
    expect(places.map((place) => within(place).getByRole('heading').textContent)).toEqual([
      '1st',
      'Tied for 2nd',
    ]);
    expect(places[0]).toHaveTextContent('#3 Solar kiosks');
    expect(places[0]).toHaveTextContent(
      'Keeps this place in 87% of resamples; 90% interval: places 1-2',
    );
    expect(places[0]).toHaveTextContent('Borda:1st');
    expect(places[0]).toHaveTextContent('By score:2nd (3.50)');
    expect(places[1]).toHaveTextContent('#7 Water carts');
    expect(places[1]).toHaveTextContent('90% interval: place 2');
    expect(places[1]).toHaveTextContent('Borda:3rd');
    expect(places[1]).toHaveTextContent('#12 Tidal kites');
    expect(places[1]).toHaveTextContent('By score:no reviews');
  });

  it('puts the winner message in a callout, a warning when first place is not clear', async () => {
    const { results } = threeFinalists();
    openAdminBallot(results);
    const callout = await screen.findByRole('region', { name: 'Winner' });
    expect(callout).toHaveTextContent(results.winner.message);
    expect(callout).toHaveAttribute('data-clear', 'false');
  });

  it('shows the pairwise matrix with each cell named, the pairs and the differences', async () => {
    const { results } = threeFinalists();
    openAdminBallot(results);
    const matrix = await screen.findByRole('table', {
      name: "Each cell: reviewers who prefer the row's finalist to the column's",
    });
    const scroller = screen.getByRole('region', {
      name: "Each cell: reviewers who prefer the row's finalist to the column's",
    });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(
      within(matrix)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Finalist', '#3', '#7', '#12']);
    const win = within(matrix).getByRole('cell', { name: '#3 over #7: 28 to 17' });
    expect(win).toHaveAttribute('data-wins', 'true');
    expect(win).toHaveClass('font-bold');
    const loss = within(matrix).getByRole('cell', { name: '#7 loses to #3: 17 to 28' });
    expect(loss).toHaveAttribute('data-wins', 'false');
    expect(within(matrix).getByRole('cell', { name: '#7 ties with #12: 20 to 20' })).toBeVisible();

    const pairs = screen.getByRole('region', { name: 'Why each place is above the next' });
    expect(
      within(pairs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(results.pairs.map((pair) => pair.sentence));
    const differences = screen.getByRole('region', {
      name: 'Where the ballot differs from the scores',
    });
    expect(
      within(differences)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '#3 Solar kiosks: 1st on the ballot, 2nd by score',
      '#7 Water carts: 2nd on the ballot, 1st by score',
      '#12 Tidal kites: 2nd on the ballot, no reviews to place it by score',
    ]);
  });

  it('says when the ballot order matches the score order', async () => {
    const { results } = threeFinalists();
    openAdminBallot({ ...results, differences: [] });
    const differences = await screen.findByRole('region', {
      name: 'Where the ballot differs from the scores',
    });
    expect(differences).toHaveTextContent('The ballot order matches the score order.');
  });

  it('counts the voters, names them in a disclosure and links the CSV', async () => {
    const { results } = threeFinalists();
    openAdminBallot(results);
    const voting = await screen.findByRole('region', { name: 'Voting' });
    expect(within(voting).getByTestId('ballot-turnout')).toHaveTextContent(
      '2 of 3 reviewers have voted',
    );
    const summary = within(voting).getByText('Who has voted');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(within(voting).getByText('Grace Hopper', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/ballot',
    );
  });

  it('opens and closes voting with the switch, which posts the setting', async () => {
    const user = userEvent.setup();
    const { results } = threeFinalists();
    const requests = openAdminBallot(results, false);
    const toggle = await screen.findByRole('switch', { name: 'Voting open' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { key: 'ballot_open', value: 'true' },
    ]);
    // The count is read again with the setting.
    expect(requests.filter((r) => r.url === '/api/admin/ballot/results')).toHaveLength(2);
    expect(await screen.findByText('Voting Opened')).toBeInTheDocument();
  });

  it('points to the Decisions page while there are no finalists', async () => {
    const { results } = threeFinalists();
    openAdminBallot({
      ...results,
      candidates: [],
      d: [],
      p: [],
      schulze: [],
      borda: [],
      scores: [],
      places: [],
      pairs: [],
      differences: [],
      ballots: 0,
      voters: [],
    });
    expect(
      await screen.findByText(
        'Shortlist opportunities on the Decisions page to put them on the ballot.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Decisions' })).toHaveAttribute(
      'href',
      '/admin/results/decisions',
    );
    expect(await screen.findByRole('switch', { name: 'Voting open' })).toBeVisible();
  });

  it('says no ballots yet before anyone votes', async () => {
    const { results } = threeFinalists();
    openAdminBallot({ ...results, ballots: 0, voters: [] });
    expect(await screen.findByRole('heading', { name: 'No ballots yet' })).toBeVisible();
    expect(screen.getByTestId('ballot-turnout')).toHaveTextContent('0 of 3 reviewers have voted');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Who has voted')).not.toBeInTheDocument();
  });

  it('says when the count cannot be loaded', async () => {
    stubSession(adminUser, (request) =>
      request.url === '/api/admin/ballot/results'
        ? { status: 500, body: { message: 'Database unavailable' } }
        : undefined,
    );
    renderApp('/admin/ballot');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error Loading the Ballot');
  });
});
