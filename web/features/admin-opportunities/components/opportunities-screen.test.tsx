import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, stubSession } from '@web/test/fake-server';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  notifications,
  openScreen,
  solar,
  stubOpportunities,
  water,
} from '../test/opportunity-test-helpers';

describe('admin opportunities screen', () => {
  it('shows the table and filters it by batch', async () => {
    stubOpportunities([solar, water]);
    await openScreen();
    expect(screen.getByText('Manage opportunities for review (up to 50)')).toBeInTheDocument();
    await screen.findByText('Solar roofs');
    const table = screen.getByRole('table', { name: 'Opportunities' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Number', 'Title', 'Status', 'Batch', 'Tags', 'Created', 'Actions']);
    const [, first] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['#3', 'Solar roofs', 'Published', 'Spring', 'energy, cities', 'Feb 1, 2026']);

    const filter = screen.getByLabelText('Batch');
    expect(filter).toHaveDisplayValue('All Batches');
    await userEvent.setup().selectOptions(filter, 'Spring');
    expect(screen.queryByText('Water reuse')).not.toBeInTheDocument();
    expect(screen.getByText('Solar roofs')).toBeInTheDocument();
  });

  it('hides the batch filter when no opportunity has a batch', async () => {
    stubOpportunities([water]);
    await openScreen();
    await screen.findByText('Water reuse');
    expect(screen.queryByLabelText('Batch')).not.toBeInTheDocument();
    expect(screen.queryByText('All Batches')).not.toBeInTheDocument();
  });

  it('shows skeletons while loading, then the empty state', async () => {
    let answer: (value: Answer) => void = () => {};
    stubSession(adminUser, (request) =>
      request.url === '/api/admin/opportunities'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    await openScreen();
    expect((await screen.findAllByTestId('opportunity-skeleton-row')).length).toBeGreaterThan(0);
    answer({ status: 200, body: [] });
    expect(
      await screen.findByRole('heading', { name: 'No Opportunities Yet' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Opportunity' })).toHaveLength(2);
  });

  it("shows 'Error Loading Opportunities' with 'Refresh Page'", async () => {
    stubOpportunities([], (request) =>
      request.url === '/api/admin/opportunities' ? { status: 500, body: 'boom' } : undefined,
    );
    await openScreen();
    expect(
      await screen.findByRole('heading', { name: 'Error Loading Opportunities' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('edits an opportunity with the full field body', async () => {
    const requests = stubOpportunities([solar]);
    await openScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for #3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Opportunity' });
    expect(within(dialog).getByLabelText('Tags')).toHaveValue('energy, cities');
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Solar roofs everywhere');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(notifications()).findByText('Opportunity Updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: `/api/admin/opportunities/${solar.id}`,
      body: {
        number: 3,
        title: 'Solar roofs everywhere',
        description: 'Panels on every roof',
        tags: ['energy', 'cities'],
        batch: 'Spring',
        status: 'published',
        imageUrl: null,
      },
    });
  });

  it('offers Unpublish for a published row and Publish for a draft, patching only the status', async () => {
    const requests = stubOpportunities([solar, water]);
    await openScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for #3' }));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Unpublish', 'Archive', 'Delete']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for #7' }));
    menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Publish', 'Archive', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Publish' }));
    expect(await within(notifications()).findByText('Status Updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: `/api/admin/opportunities/${water.id}`,
      body: { status: 'published' },
    });
  });
});
