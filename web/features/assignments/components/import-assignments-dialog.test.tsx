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
const csvFile = (text: string) => new File([text], 'assignments.csv', { type: 'text/csv' });

async function openDialog(importCsv: Parameters<typeof stubAssignmentServer>[0]['importCsv']) {
  const server = stubAssignmentServer({ reviewers, opportunities, importCsv });
  renderApp('/admin/assignments');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Assignments' });
  return { server, user, dialog };
}

describe('CSV import dialog', () => {
  it('shows the row-by-row report of a refused file, and says nothing was imported', async () => {
    const { server, user, dialog } = await openDialog(() => ({
      status: 400,
      body: {
        message: '2 rows of the file have errors; nothing was imported',
        rows: [
          {
            line: 2,
            email: 'nobody@example.com',
            number: '1',
            error: 'unknown_email',
            message: 'No active reviewer has this email',
          },
          {
            line: 4,
            email: 'amara.okafor@example.com',
            number: '99',
            error: 'unknown_number',
            message: 'No opportunity has this number',
          },
        ],
      },
    }));
    const text =
      'email,number\nnobody@example.com,1\namara.okafor@example.com,2\namara.okafor@example.com,99\n';
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile(text));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(
      await within(dialog).findByText('2 rows of the file have errors; nothing was imported'),
    ).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Rows with errors' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Line', 'Email', 'Number', 'Problem'],
      ['2', 'nobody@example.com', '1', 'No active reviewer has this email'],
      ['4', 'amara.okafor@example.com', '99', 'No opportunity has this number'],
    ]);
    expect(server.calls('POST', '/api/admin/assignments/import')).toEqual([
      { method: 'POST', url: '/api/admin/assignments/import', body: { csv: text } },
    ]);
    // The dialog stays open for another file.
    expect(dialog).toBeVisible();
  });

  it('says nothing was imported when the server refuses the file as a whole', async () => {
    const { user, dialog } = await openDialog(() => ({
      status: 400,
      body: { message: 'The file is too large', issues: [] },
    }));
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile('email,number\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('The file is too large Nothing was imported.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('imports a good file, says how many were added and closes', async () => {
    const { user, dialog } = await openDialog(() => ({
      status: 200,
      body: { added: 3, alreadyAssigned: 1 },
    }));
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      csvFile('email,number\namara.okafor@example.com,1\n'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const notifications = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(within(notifications).getByText('Assignments Imported')).toBeInTheDocument();
    expect(
      within(notifications).getByText('3 assignments added, 1 already assigned'),
    ).toBeInTheDocument();
  });

  it('asks for a file, and refuses an empty one without calling the server', async () => {
    const { server, user, dialog } = await openDialog(() => ({ status: 500 }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose a CSV file')).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile('  \n'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('The file is empty')).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/assignments/import')).toEqual([]);
  });
});
