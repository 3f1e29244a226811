import type { AdminOpportunity } from '@shared/opportunity-schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  notifications,
  openScreen,
  solar,
  stubOpportunities,
  water,
} from '../test/opportunity-test-helpers';

const wind: AdminOpportunity = {
  ...solar,
  id: '30000000-0000-4000-8000-000000000003',
  number: 12,
  title: 'Offshore wind',
  tags: ['energy', 'sea'],
  batch: 'Autumn',
  status: 'archived',
  createdAt: '2026-01-15T12:00:00.000Z',
};

const numbersShown = () =>
  within(screen.getByRole('table', { name: 'Opportunities' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

async function openWithThree(extra?: Parameters<typeof stubOpportunities>[1]) {
  const requests = stubOpportunities([solar, water, wind], extra);
  await openScreen();
  await screen.findByText('Solar roofs');
  return { requests, user: userEvent.setup() };
}

describe('opportunities table: search, filters, sort', () => {
  it('searches number, title, batch and tags, and says how many are shown', async () => {
    const { user } = await openWithThree();
    const search = screen.getByRole('searchbox', { name: 'Search opportunities' });
    expect(screen.getByRole('status')).toHaveTextContent('3 shown');
    await user.type(search, '#12');
    expect(numbersShown()).toEqual(['#12']);
    await user.clear(search);
    await user.type(search, 'autumn');
    expect(numbersShown()).toEqual(['#12']);
    await user.clear(search);
    await user.type(search, 'ENERGY roofs');
    expect(numbersShown()).toEqual(['#3']);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 shown');
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(screen.getByText('No opportunities match the search and filters')).toBeInTheDocument();
  });

  it('filters by status with the real status names', async () => {
    const { user } = await openWithThree();
    const filter = screen.getByLabelText('Status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Statuses', 'Draft', 'Published', 'Archived']);
    await user.selectOptions(filter, 'Archived');
    expect(numbersShown()).toEqual(['#12']);
    await user.selectOptions(filter, 'Draft');
    expect(numbersShown()).toEqual(['#7']);
  });

  it('sorts by any column from its header button, announcing the order with aria-sort', async () => {
    const { user } = await openWithThree();
    const table = screen.getByRole('table', { name: 'Opportunities' });
    // The first header's name also holds its select-all checkbox's.
    const header = (name: string) =>
      within(table).getByRole('columnheader', { name: new RegExp(`${name}$`) });
    expect(header('Number')).toHaveAttribute('aria-sort', 'ascending');
    expect(numbersShown()).toEqual(['#3', '#7', '#12']);

    await user.click(within(header('Title')).getByRole('button'));
    expect(header('Title')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Number')).not.toHaveAttribute('aria-sort');
    expect(numbersShown()).toEqual(['#12', '#3', '#7']);

    // From the keyboard: Enter on the focused header reverses the order.
    within(header('Title')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('Title')).toHaveAttribute('aria-sort', 'descending');
    expect(numbersShown()).toEqual(['#7', '#3', '#12']);

    await user.click(within(header('Created')).getByRole('button'));
    expect(numbersShown()).toEqual(['#12', '#3', '#7']);
    await user.click(within(header('Batch')).getByRole('button'));
    // No batch sorts last.
    expect(numbersShown()).toEqual(['#12', '#3', '#7']);
    await user.click(within(header('Status')).getByRole('button'));
    expect(numbersShown()).toEqual(['#7', '#3', '#12']);
  });
});

describe('opportunities table: selection and bulk actions', () => {
  it('selects rows, all shown ones, and only shown ones count', async () => {
    const { user } = await openWithThree();
    const all = screen.getByRole('checkbox', { name: 'Select all shown opportunities' });
    await user.click(screen.getByRole('checkbox', { name: 'Select #3' }));
    expect(all).toBePartiallyChecked();
    const bar = screen.getByRole('region', { name: 'Bulk actions on opportunities' });
    expect(bar).toHaveTextContent('1 selected');
    await user.click(all);
    expect(all).toBeChecked();
    expect(bar).toHaveTextContent('3 selected');
    await user.type(screen.getByRole('searchbox', { name: 'Search opportunities' }), 'wind');
    expect(bar).toHaveTextContent('1 selected');
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(
      screen.queryByRole('region', { name: 'Bulk actions on opportunities' }),
    ).not.toBeInTheDocument();
  });

  it('publishes the checked rows in one call, reports what changed and clears the checks', async () => {
    const { requests, user } = await openWithThree((request) =>
      request.url === '/api/admin/opportunities/bulk-status'
        ? {
            status: 200,
            body: {
              status: 'published',
              changed: [{ ...water, status: 'published' }],
              unchanged: [solar],
            },
          }
        : undefined,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select #3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select #7' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions on opportunities' });
    await user.click(within(bar).getByRole('button', { name: 'Publish' }));
    expect(await within(notifications()).findByText('1 opportunity published')).toBeInTheDocument();
    expect(
      within(notifications()).getByText('1 opportunity was already published'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/opportunities/bulk-status',
        body: { ids: [solar.id, water.id], status: 'published' },
      },
    ]);
    expect(screen.getByRole('checkbox', { name: 'Select #3' })).not.toBeChecked();
  });

  it("shows a refusal as 'Nothing Changed' with the server's message and keeps the checks", async () => {
    const message = 'Only published opportunities can be unpublished: #12 is archived';
    const { user } = await openWithThree((request) =>
      request.url === '/api/admin/opportunities/bulk-status'
        ? { status: 409, body: { message } }
        : undefined,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all shown opportunities' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions on opportunities' });
    await user.click(within(bar).getByRole('button', { name: 'Unpublish' }));
    expect(await within(notifications()).findByText('Nothing Changed')).toBeInTheDocument();
    expect(within(notifications()).getByText(message)).toBeInTheDocument();
    expect(bar).toHaveTextContent('3 selected');
  });
});
