import type { Browser, Page } from '@playwright/test';
import { adminApi, createPublishedOpportunity, expectToast } from './support/admin-arrange';
import { admin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';
import { waitForInvitationLink } from './support/mail-drop';

// Other spec files share this database: every address here is new to it.
const unique = `${Date.now().toString(36)}`;

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, admin);
});

/** A page in a fresh context: nobody signed in, as when the invitee clicks the email's link. */
async function visitorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test.describe('reviewer invitations', () => {
  test('an invited reviewer chooses a password through the emailed link and signs in', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const invitee = {
      name: 'Ines Invited',
      email: `ines.invited.${unique}@assay.test`,
      password: 'ines-chosen-password',
    };
    await page.goto('/admin/reviewers');
    await page.getByRole('button', { name: 'Invite Reviewer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Reviewer' });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await checkScreen(page, 'admin-invite-reviewer-dialog');
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByLabel('Full Name').fill(invitee.name);
    await dialog.getByLabel('Personal Message (optional)').fill('Welcome to the panel!');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expectToast(page, 'Invitation Sent');
    await expect(dialog).toBeHidden();
    const pending = page.getByRole('table', { name: 'Pending Invitations' });
    await expect(pending.getByRole('row').filter({ hasText: invitee.email })).toContainText(
      invitee.name,
    );

    // Inviting the same address again is refused while the first invitation is pending.
    await page.getByRole('button', { name: 'Invite Reviewer' }).click();
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByLabel('Full Name').fill(invitee.name);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expectToast(page, 'Failed to Send Invitation', /already pending/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const link = await waitForInvitationLink(invitee.email);
    const visitor = await visitorPage(browser, baseURL!);
    await visitor.goto(link);
    await expect(visitor).toHaveTitle('Accept Invitation · Assay');
    await expect(
      visitor.getByRole('heading', { name: `Welcome, ${invitee.name}`, level: 1 }),
    ).toBeVisible();
    await expect(visitor.getByText(`${admin.name} invited you to review`)).toBeVisible();
    await expect(visitor.getByLabel('Email')).toHaveValue(invitee.email);
    await visitor.getByLabel('Password', { exact: true }).fill(invitee.password);
    await visitor.getByLabel('Confirm Password').fill('something-else');
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    await expect(visitor.getByText('Passwords do not match')).toBeVisible();
    await checkScreen(visitor, 'invite-accept');
    await visitor.getByLabel('Confirm Password').fill(invitee.password);
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    await expect(visitor).toHaveURL(/\/reviewer\/opportunities$/);
    await expectToast(visitor, 'Welcome to Assay');
    await expect(visitor.getByRole('heading', { name: 'Opportunities', level: 1 })).toBeVisible();

    // Signed in for real: sign out, then in again with the chosen password.
    await visitor.getByRole('button', { name: 'User menu' }).click();
    await visitor.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(visitor).toHaveURL(/\/login$/);
    await visitor.getByLabel('Email').fill(invitee.email);
    await visitor.getByLabel('Password').fill(invitee.password);
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await expect(visitor).toHaveURL(/\/reviewer\/opportunities$/);

    // The link works once.
    await visitor.goto(link);
    await expect(
      visitor.getByRole('heading', { name: 'Invitation No Longer Valid', level: 1 }),
    ).toBeVisible();
    await expect(visitor.getByText('This invitation has already been used.')).toBeVisible();
    await checkScreen(visitor, 'invite-link-used');
    await visitor.getByRole('link', { name: 'Go to Sign In' }).click();
    await expect(visitor).toHaveURL(/\/(login|reviewer\/opportunities)$/);
    await visitor.context().close();

    // The admin sees the new reviewer (no longer pending) and the emails sent to them.
    await page.reload();
    const row = page.getByRole('table', { name: 'Reviewers' }).getByRole('row', {
      name: new RegExp(invitee.email.replace(/\./g, '\\.')),
    });
    await expect(row).toContainText(invitee.name);
    await expect(row.getByRole('cell').nth(3)).toHaveText('Active');
    // The invitation (already delivered: its .eml was read above) is the account's last email.
    await expect(row.getByRole('cell').nth(5)).toHaveText('Invitation · Sent');
    await expect(page.getByRole('heading', { name: 'Pending Invitations' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: invitee.email })).toHaveCount(1);

    // A reminder needs a published opportunity the new reviewer has not reviewed.
    const api = await adminApi(baseURL!);
    const opportunities: { number: number; status: string }[] = await (
      await api.get('/api/admin/opportunities')
    ).json();
    if (!opportunities.some((o) => o.status === 'published')) {
      const next = Math.max(0, ...opportunities.map((o) => o.number)) + 1;
      await createPublishedOpportunity(api, { number: next, title: 'Invitation journey pick' });
    }
    await api.dispose();
    await page.getByRole('button', { name: 'Send Reminders' }).click();
    await expectToast(page, 'Reminders Sent', /reminders? queued/);
    const lastEmail = row.getByRole('cell').nth(5);
    await expect(lastEmail).toHaveText(/^Reminder · (Pending|Sent)$/);
    // The worker sends within its 5 s poll; the list shows it on the next load.
    await expect(async () => {
      await page.reload();
      await expect(lastEmail).toHaveText('Reminder · Sent', { timeout: 1_000 });
    }).toPass({ timeout: 20_000, intervals: [1_000] });
  });

  test('resending replaces the link; a revoked link says so', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const invitee = { name: 'Rolf Revoked', email: `rolf.revoked.${unique}@assay.test` };
    const api = await adminApi(baseURL!);
    const created = await api.post('/api/admin/invitations', { data: invitee });
    expect(created.status(), await created.text()).toBe(201);
    await api.dispose();
    const firstLink = await waitForInvitationLink(invitee.email, 1);

    await page.goto('/admin/reviewers');
    await page.getByRole('button', { name: `Resend invitation to ${invitee.email}` }).click();
    await expectToast(page, 'Invitation Resent', `A new link was sent to ${invitee.email}`);
    const secondLink = await waitForInvitationLink(invitee.email, 2);
    expect(secondLink).not.toBe(firstLink);

    const visitor = await visitorPage(browser, baseURL!);
    await visitor.goto(firstLink);
    await expect(
      visitor.getByRole('heading', { name: 'Invitation Not Found', level: 1 }),
    ).toBeVisible();
    await expect(visitor.getByText('This invitation link is not valid.')).toBeVisible();

    const revoke = page.getByRole('button', { name: `Revoke invitation to ${invitee.email}` });
    await revoke.click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke Invitation' });
    await expect(confirm).toContainText(invitee.email);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await revoke.click();
    await confirm.getByRole('button', { name: 'Revoke Invitation' }).click();
    await expectToast(page, 'Invitation Revoked');
    await expect(page.getByRole('row').filter({ hasText: invitee.email })).toHaveCount(0);

    await visitor.goto(secondLink);
    await expect(
      visitor.getByRole('heading', { name: 'Invitation No Longer Valid', level: 1 }),
    ).toBeVisible();
    await expect(visitor.getByText('This invitation has been revoked.')).toBeVisible();
    await expect(visitor.getByLabel('Password')).toHaveCount(0);
    await visitor.context().close();
  });
});
