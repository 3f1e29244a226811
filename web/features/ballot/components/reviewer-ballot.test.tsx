import type { ReviewerBallot } from '@shared/ballot-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubReviewerServer } from '@web/test/fake-reviewer-server';
import type { FakeRequest, FakeResponse } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidate, reviewerBallot } from '../test/ballot-fixtures';

const solar = candidate({ number: 3, title: 'Solar kiosks', composite: '3.4000' });
const water = candidate({ number: 7, title: 'Water carts' });
const tidal = candidate({ number: 12, title: 'Tidal kites', imageUrl: '/api/images/tidal' });
const candidates = [solar, water, tidal];

/**
 * The reviewer's ballot page over a ballot server: PUT answers with the ranking saved (or what
 * `onPut` answers: a refusal, a delay).
 */
function openBallot(
  initial: Partial<ReviewerBallot> = {},
  onPut?: (request: FakeRequest) => FakeResponse | Promise<FakeResponse> | undefined,
) {
  let ballot = reviewerBallot({ candidates, ...initial });
  const server = stubReviewerServer({
    opportunities: [],
    intercept: async (request) => {
      if (request.url !== '/api/reviewer/ballot') return undefined;
      if (request.method === 'GET') return { status: 200, body: ballot };
      const answer = await onPut?.(request);
      if (answer) return answer;
      const { ranking } = request.body as { ranking: string[][] };
      ballot = { ...ballot, ranking, savedAt: ranking.length ? new Date().toISOString() : null };
      return { status: 200, body: ballot };
    },
  });
  renderApp('/reviewer/ballot');
  const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => r.body);
  return { ...server, puts };
}

/** The ranking as the page shows it: each place's heading and its candidates' numbers. */
function shownRanking() {
  return screen.queryAllByTestId('ballot-place').map((place) => {
    const heading = within(place).getByRole('heading').textContent?.trim();
    const numbers = within(place)
      .getAllByTestId('ballot-candidate')
      .map((row) => /#\d+/.exec(row.textContent ?? '')?.[0]);
    return `${heading}: ${numbers.join(' ')}`;
  });
}

const button = (name: string) => screen.getByRole('button', { name });
const status = () => screen.getByRole('status', { name: 'Save status' });

describe("the reviewer's finalist ballot", () => {
  beforeAll(async () => {
    await import('@web/app/routes/reviewer/ballot-page');
  }, 30_000);

  it('starts from the saved ranking: places, ties, the unranked below, when it was saved', async () => {
    openBallot({
      ranking: [[water.id, tidal.id]],
      savedAt: new Date(new Date().setHours(14, 3)).toISOString(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Finalist ballot' });
    await waitFor(() => expect(shownRanking()).toEqual(['Place 1 (tied): #7 #12']));
    expect(document.title).toBe('Finalist ballot · Assay');
    const unranked = screen.getByRole('region', { name: 'Not ranked' });
    expect(within(unranked).getByText('Solar kiosks')).toBeVisible();
    expect(within(unranked).getByText('Your score: 3.40')).toBeVisible();
    expect(unranked).toHaveTextContent('count as tied below every finalist you rank');
    expect(status()).toHaveTextContent('Saved at 14:03');
    expect(button('Save ballot')).toBeDisabled();
  });

  it('ranks by keyboard: rank, move up, tie, untie, remove, keeping the focus; saves that', async () => {
    const user = userEvent.setup();
    const server = openBallot();
    await screen.findByText('Nothing ranked yet', { exact: false });
    expect(shownRanking()).toEqual([]);
    expect(status()).toHaveTextContent('No ballot saved yet');

    for (const name of ['#3 Solar kiosks', '#7 Water carts', '#12 Tidal kites']) {
      button(`Rank ${name}`).focus();
      await user.keyboard('{Enter}');
      // The control's counterpart at the new place has the focus.
      await waitFor(() =>
        expect(document.activeElement).toBe(button(`Remove ${name} from the ranking`)),
      );
    }
    expect(shownRanking()).toEqual(['Place 1: #3', 'Place 2: #7', 'Place 3: #12']);
    expect(status()).toHaveTextContent('Unsaved changes');

    // Back past Tie (Untie and Move down are disabled for the last, untied place).
    await user.keyboard('{Shift>}{Tab}{Tab}{/Shift}');
    expect(document.activeElement).toBe(button('Move #12 Tidal kites up'));
    await user.keyboard('{Enter}');
    expect(shownRanking()).toEqual(['Place 1: #3', 'Place 2: #12', 'Place 3: #7']);
    await waitFor(() => expect(document.activeElement).toBe(button('Move #12 Tidal kites up')));
    expect(screen.getByText('#12 Tidal kites moved to place 2')).toBeInTheDocument();

    await user.click(button('Tie #7 Water carts with the one above'));
    expect(shownRanking()).toEqual(['Place 1: #3', 'Place 2 (tied): #12 #7']);
    expect(screen.getByText('#7 Water carts tied at place 2')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(button('Tie #7 Water carts with the one above')),
    );

    await user.click(button('Untie #12 Tidal kites'));
    expect(shownRanking()).toEqual(['Place 1: #3', 'Place 2: #7', 'Place 3: #12']);

    await user.click(button('Tie #7 Water carts with the one above'));
    await user.click(button('Remove #12 Tidal kites from the ranking'));
    expect(shownRanking()).toEqual(['Place 1 (tied): #3 #7']);
    expect(screen.getByText('#12 Tidal kites removed from the ranking')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(button('Rank #12 Tidal kites')));

    button('Save ballot').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent(/^Saved at \d\d:\d\d$/));
    // Save ballot is disabled once pressed: the save state has the focus, not the page.
    expect(status()).toHaveFocus();
    expect(server.puts()).toEqual([{ ranking: [[solar.id, water.id]] }]);
    expect(button('Save ballot')).toBeDisabled();
  });

  it('moves a tied candidate out of its tie, and the one at the top cannot go higher', async () => {
    const user = userEvent.setup();
    openBallot({ ranking: [[solar.id, water.id], [tidal.id]] });
    await waitFor(() => expect(shownRanking()).toEqual(['Place 1 (tied): #3 #7', 'Place 3: #12']));
    expect(button('Tie #3 Solar kiosks with the one above')).toBeDisabled();
    await user.click(button('Move #7 Water carts up'));
    expect(shownRanking()).toEqual(['Place 1: #7', 'Place 2: #3', 'Place 3: #12']);
    // At the top the focus moves to the candidate's other move button.
    await waitFor(() => expect(document.activeElement).toBe(button('Move #7 Water carts down')));
    expect(button('Move #7 Water carts up')).toBeDisabled();
    await user.click(button('Move #7 Water carts down'));
    expect(shownRanking()).toEqual(['Place 1: #3', 'Place 2: #7', 'Place 3: #12']);
  });

  it('shows Saving… while the save runs', async () => {
    const user = userEvent.setup();
    let answer: (response: FakeResponse) => void = () => {};
    openBallot({}, () => new Promise<FakeResponse>((resolve) => (answer = resolve)));
    await user.click(await screen.findByRole('button', { name: 'Rank #3 Solar kiosks' }));
    await user.click(button('Save ballot'));
    await waitFor(() => expect(status()).toHaveTextContent('Saving…'));
    answer({
      status: 200,
      body: reviewerBallot({
        candidates,
        ranking: [[solar.id]],
        savedAt: new Date(new Date().setHours(9, 5)).toISOString(),
      }),
    });
    await waitFor(() => expect(status()).toHaveTextContent('Saved at 09:05'));
  });

  it("keeps the reviewer's arrangement when the save is refused, with the server's reason", async () => {
    const user = userEvent.setup();
    const server = openBallot({}, () => ({
      status: 409,
      body: { message: 'The ballot is closed' },
    }));
    await user.click(await screen.findByRole('button', { name: 'Rank #7 Water carts' }));
    await user.click(button('Rank #3 Solar kiosks'));
    await user.click(button('Save ballot'));
    await waitFor(() => expect(status()).toHaveTextContent('Not saved: The ballot is closed'));
    expect(shownRanking()).toEqual(['Place 1: #7', 'Place 2: #3']);
    expect(button('Save ballot')).toBeEnabled();
    expect(server.puts()).toEqual([{ ranking: [[water.id], [solar.id]] }]);
  });

  it('withdraws the ballot after a confirmation in place (saves no ranking)', async () => {
    const user = userEvent.setup();
    const server = openBallot({ ranking: [[solar.id]], savedAt: new Date().toISOString() });
    await user.click(await screen.findByRole('button', { name: 'Withdraw ballot' }));
    // Keep my ballot is focused first; it changes nothing.
    await waitFor(() => expect(button('Keep my ballot')).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button('Withdraw ballot')).toHaveFocus());
    expect(server.puts()).toEqual([]);

    await user.click(button('Withdraw ballot'));
    const confirm = await screen.findByRole('group', { name: 'Withdraw your ballot?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(status()).toHaveTextContent('No ballot saved yet'));
    expect(server.puts()).toEqual([{ ranking: [] }]);
    expect(shownRanking()).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Withdraw your ballot?' })).not.toBeInTheDocument();
    expect(button('Withdraw ballot')).toBeDisabled();
    await waitFor(() => expect(status()).toHaveFocus());
  });

  it('moves a candidate by drag and drop: into a place (a tie) and out of the ranking', async () => {
    openBallot({ ranking: [[solar.id], [water.id]] });
    await waitFor(() => expect(shownRanking()).toEqual(['Place 1: #3', 'Place 2: #7']));
    const rowOf = (name: string) =>
      screen.getAllByTestId('ballot-candidate').find((row) => row.textContent?.includes(name))!;
    const drag = async (name: string) => {
      fireEvent.dragStart(rowOf(name));
      await screen.findAllByText('Drop here for a place of its own');
    };

    await drag('Tidal kites');
    const secondPlace = within(screen.getAllByTestId('ballot-place')[1]!).getByRole('list');
    fireEvent.dragOver(secondPlace);
    fireEvent.drop(secondPlace);
    expect(shownRanking()).toEqual(['Place 1: #3', 'Place 2 (tied): #7 #12']);
    expect(screen.getByText('#12 Tidal kites moved to place 2 (tied)')).toBeInTheDocument();

    await drag('Solar kiosks');
    const unranked = screen.getByRole('region', { name: 'Not ranked' });
    fireEvent.dragOver(unranked);
    fireEvent.drop(unranked);
    expect(shownRanking()).toEqual(['Place 1 (tied): #7 #12']);
    expect(status()).toHaveTextContent('Unsaved changes');
  });

  it('shows the closed ballot read-only: the saved ranking, no controls', async () => {
    openBallot({ open: false, ranking: [[tidal.id], [solar.id]] });
    expect(await screen.findByText('The ballot is closed.')).toBeVisible();
    expect(shownRanking()).toEqual(['Place 1: #12', 'Place 2: #3']);
    expect(screen.queryAllByRole('button', { name: /Move|Rank|Tie|Untie|Remove/ })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Save ballot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw ballot' })).not.toBeInTheDocument();
    expect(rowDraggable()).toEqual(['false', 'false', 'false']);
  });

  it.each<[string, Partial<ReviewerBallot>, string]>([
    [
      'a reviewer not on the ballot',
      { eligible: false },
      'You are not on this ballot: only reviewers assigned to a finalist vote.',
    ],
    ['no finalists', { candidates: [] }, 'There are no finalists yet.'],
  ])('tells %s why there is nothing to rank', async (_, ballot, message) => {
    openBallot(ballot);
    expect(await screen.findByRole('heading', { name: message })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save ballot' })).not.toBeInTheDocument();
  });

  it('says when the ballot cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fails = true;
    stubReviewerServer({
      opportunities: [],
      intercept: (request) =>
        request.url === '/api/reviewer/ballot'
          ? fails
            ? { status: 500, body: { message: 'Database unavailable' } }
            : { status: 200, body: reviewerBallot({ candidates }) }
          : undefined,
    });
    renderApp('/reviewer/ballot');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the ballot');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Rank #3 Solar kiosks' })).toBeVisible();
  });
});

function rowDraggable() {
  return screen.getAllByTestId('ballot-candidate').map((row) => row.getAttribute('draggable'));
}
