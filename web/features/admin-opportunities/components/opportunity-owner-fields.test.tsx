import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  notifications,
  openCreateDialog,
  openScreen,
  solar,
  stubOpportunities,
} from '../test/opportunity-test-helpers';

const HINT = 'Receives the decision letter; owners never get an account.';

describe('opportunity form: the owner (issue 35)', () => {
  it('refuses an invalid owner email with the shared rule, then sends name and email', async () => {
    const requests = stubOpportunities([]);
    await openScreen();
    const { user, dialog } = await openCreateDialog();
    const email = within(dialog).getByLabelText('Owner email');
    expect(email).toHaveAccessibleDescription(HINT);
    expect(within(dialog).getByLabelText('Owner name')).toHaveAccessibleDescription(HINT);

    await user.type(within(dialog).getByLabelText('Title'), 'Green hydrogen');
    await user.type(within(dialog).getByLabelText('Owner name'), 'Olga Owner');
    await user.type(email, 'olga@');
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));
    expect(await within(dialog).findByText('Invalid owner email')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(email, 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));
    expect(await within(notifications()).findByText('Opportunity Created')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      expect.objectContaining({ ownerName: 'Olga Owner', ownerEmail: 'olga@example.com' }),
    ]);
  });

  it('shows the saved owner when editing and clears it with null', async () => {
    const requests = stubOpportunities([
      { ...solar, ownerName: 'Olga Owner', ownerEmail: 'olga@example.com' },
    ]);
    await openScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for #3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Opportunity' });
    expect(within(dialog).getByLabelText('Owner name')).toHaveValue('Olga Owner');
    const email = within(dialog).getByLabelText('Owner email');
    expect(email).toHaveValue('olga@example.com');
    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        expect.objectContaining({ ownerName: 'Olga Owner', ownerEmail: null }),
      ]),
    );
  });
});
