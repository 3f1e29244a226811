import { MAX_OPPORTUNITIES } from '@shared/limits';
import type { AdminOpportunity } from '@shared/opportunity-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  notifications,
  openScreen,
  solar,
  stubOpportunities,
  water,
} from '../test/opportunity-test-helpers';

/** `count` opportunities numbered 1..count, the first archived. */
function fullList(count: number): AdminOpportunity[] {
  return Array.from({ length: count }, (_, i) => ({
    ...water,
    id: `40000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    number: i + 1,
    title: `Opportunity ${i + 1}`,
    status: i === 0 ? 'archived' : 'draft',
  }));
}

const impactOf = (opportunity: AdminOpportunity) =>
  `/api/admin/opportunities/${opportunity.id}/deletion-impact`;

describe('the opportunity limit on the screen', () => {
  it(`disables 'Add Opportunity' at ${MAX_OPPORTUNITIES} and says why beside it`, async () => {
    stubOpportunities(fullList(MAX_OPPORTUNITIES));
    await openScreen();
    await screen.findByText('Opportunity 50');
    const add = screen.getByRole('button', { name: 'Add Opportunity' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(
      'The limit of 50 opportunities is reached (archived ones count). Delete one to add another.',
    );
    // Visible text, not a tooltip: a touch or keyboard user reads it too.
    expect(screen.getByText(/The limit of 50 opportunities is reached/)).toBeVisible();
    await userEvent.setup().click(add);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps it enabled below the limit', async () => {
    stubOpportunities(fullList(MAX_OPPORTUNITIES - 1));
    await openScreen();
    await screen.findByText('Opportunity 49');
    const add = screen.getByRole('button', { name: 'Add Opportunity' });
    expect(add).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText(/The limit of 50 opportunities is reached/)).not.toBeInTheDocument();
    await userEvent.setup().click(add);
    expect(await screen.findByRole('dialog', { name: 'Create New Opportunity' })).toBeVisible();
  });
});

describe('deleting an opportunity', () => {
  async function openDelete(user: ReturnType<typeof userEvent.setup>, number: number) {
    await user.click(await screen.findByRole('button', { name: `Actions for #${number}` }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    return screen.findByRole('alertdialog', { name: 'Delete Opportunity' });
  }

  it('lists the counts the server gives, deletes on confirmation and refreshes the list', async () => {
    let list = [solar, water];
    const requests = stubOpportunities([], (request): Answer => {
      if (request.method === 'GET' && request.url === '/api/admin/opportunities') {
        return { status: 200, body: list };
      }
      if (request.url === impactOf(solar)) {
        return { status: 200, body: { reviews: 12, comments: 8, viewerStates: 3, images: 1 } };
      }
      if (request.method === 'DELETE') {
        list = [water];
        return {
          status: 200,
          body: {
            id: solar.id,
            number: 3,
            title: 'Solar roofs',
            removed: { reviews: 12, comments: 8, viewerStates: 3, images: 1 },
          },
        };
      }
      return undefined;
    });
    await openScreen();
    const user = userEvent.setup();
    let dialog = await openDelete(user, 3);
    expect(dialog).toHaveTextContent('Are you sure you want to delete #3 Solar roofs?');
    const removed = await within(dialog).findByRole('list', { name: 'What is removed' });
    expect(
      within(removed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The opportunity and its image', '12 reviews and their scores', '8 comments']);
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    dialog = await openDelete(user, 3);
    await within(dialog).findByRole('list', { name: 'What is removed' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Opportunity' }));
    const region = notifications();
    expect(await within(region).findByText('Opportunity Deleted')).toBeInTheDocument();
    expect(
      within(region).getByText('#3 Solar roofs was deleted with 12 reviews and 8 comments'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      `/api/admin/opportunities/${solar.id}`,
    ]);
    await waitFor(() => expect(screen.queryByText('Solar roofs')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Water reuse')).toBeInTheDocument();
    // The deleted row's counts are not asked for again after the deletion.
    expect(requests.filter((r) => r.url === impactOf(solar))).toHaveLength(2);
  });

  it("moves the focus to the next row's actions after a delete, and to the heading after the last", async () => {
    let list = [solar, water];
    stubOpportunities([], (request): Answer => {
      if (request.method === 'GET' && request.url === '/api/admin/opportunities') {
        return { status: 200, body: list };
      }
      if (request.url.endsWith('/deletion-impact')) {
        return { status: 200, body: { reviews: 0, comments: 0, viewerStates: 0, images: 0 } };
      }
      if (request.method === 'DELETE') {
        const gone = list.find((o) => request.url.endsWith(o.id))!;
        list = list.filter((o) => o !== gone);
        const { id, number, title } = gone;
        const removed = { reviews: 0, comments: 0, viewerStates: 0, images: 0 };
        return { status: 200, body: { id, number, title, removed } };
      }
      return undefined;
    });
    await openScreen();
    const user = userEvent.setup();
    let dialog = await openDelete(user, 3);
    await within(dialog).findByRole('list', { name: 'What is removed' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Opportunity' }));
    await waitFor(() => expect(screen.queryByText('Solar roofs')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Actions for #7' })).toHaveFocus();

    dialog = await openDelete(user, 7);
    await within(dialog).findByRole('list', { name: 'What is removed' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Opportunity' }));
    await waitFor(() => expect(screen.queryByText('Water reuse')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Opportunities' })).toHaveFocus();
  });

  it('holds Delete back until the counts arrive, and says it in the singular', async () => {
    let answer: (value: Answer) => void = () => {};
    stubOpportunities([water], (request) =>
      request.url === impactOf(water)
        ? new Promise<Answer>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    await openScreen();
    const dialog = await openDelete(userEvent.setup(), 7);
    expect(within(dialog).getByText('Counting its reviews and comments...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete Opportunity' })).toBeDisabled();
    answer({ status: 200, body: { reviews: 1, comments: 0, viewerStates: 0, images: 0 } });
    const removed = await within(dialog).findByRole('list', { name: 'What is removed' });
    expect(
      within(removed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The opportunity', '1 review and their scores', '0 comments']);
    expect(within(dialog).getByRole('button', { name: 'Delete Opportunity' })).toBeEnabled();
  });

  it("shows 'Failed to Delete Opportunity' with the server's message and keeps the dialog", async () => {
    stubOpportunities([water], (request) => {
      if (request.url === impactOf(water)) {
        return { status: 200, body: { reviews: 0, comments: 0, viewerStates: 0, images: 0 } };
      }
      return request.method === 'DELETE'
        ? { status: 404, body: { message: 'Opportunity not found' } }
        : undefined;
    });
    await openScreen();
    const user = userEvent.setup();
    const dialog = await openDelete(user, 7);
    await within(dialog).findByRole('list', { name: 'What is removed' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Opportunity' }));
    const region = notifications();
    expect(await within(region).findByText('Failed to Delete Opportunity')).toBeInTheDocument();
    expect(within(region).getByText('Opportunity not found')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Delete Opportunity' })).toBeInTheDocument();
  });
});
