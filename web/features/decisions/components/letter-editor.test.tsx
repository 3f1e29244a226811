import type { LetterEditor, PutLetterInput } from '@shared/decision-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it } from 'vitest';
import { entry, letterOf, panelOf, reviewerA, uuid } from '../test/decision-fixtures';

const id = uuid();
const path = `/api/admin/opportunities/${id}`;

function openLetter(initial: LetterEditor = letterOf()) {
  let letter = initial;
  const draft = entry({ opportunityId: id, number: 4 });
  const requests = stubSession(adminUser, (request: FakeRequest) => {
    if (request.url === `${path}/decision`) {
      return { status: 200, body: panelOf(id, { draft }) };
    }
    if (request.method === 'GET' && request.url === `${path}/letter`) {
      return { status: 200, body: letter };
    }
    if (request.method === 'PUT' && request.url === `${path}/letter`) {
      const body = request.body as Required<PutLetterInput>;
      letter = {
        ...letter,
        message: body.message,
        includeBand: body.includeBand,
        items: body.items.map((item) => ({ ...item, redacted: false })),
        updatedAt: '2026-05-03T10:00:00.000Z',
      };
      return { status: 200, body: letter };
    }
    if (request.url === `${path}/feedback`) {
      return {
        status: 200,
        body: {
          to: { name: 'Olga Owner', email: 'olga@example.com' },
          outcome: 'accepted',
          state: 'draft',
          subject: 'Decision on #4 Heat pumps',
          text: 'Dear Olga,\n\nYour opportunity was accepted.',
          html: '<p>Dear Olga,</p><script>alert(1)</script>',
        },
      };
    }
    return undefined;
  });
  renderApp(`/admin/results/decisions/${id}`);
  return requests;
}

const letterCard = () => screen.findByRole('region', { name: 'Letter' });
const reviewer = (card: HTMLElement, name: RegExp) => within(card).getByRole('group', { name });

describe('letter editor', () => {
  beforeAll(async () => {
    await import('@web/app/routes/admin/decision-page');
  }, 30_000);

  it('offers the two default fields, and the other two on request', async () => {
    openLetter();
    const card = await letterCard();
    const ann = await within(card).findByRole('group', { name: 'Reviewer A (Ann Alvarez)' });
    expect(
      within(ann)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['How to make this bigger and better', 'How to get this going']);
    // Reviewer B wrote only in the fields not offered by default.
    expect(within(card).queryByRole('group', { name: /Reviewer B/ })).toBeNull();
    expect(within(ann).getByText('Partner with the water utility.')).toBeVisible();

    await userEvent.setup().click(within(card).getByRole('checkbox', { name: 'Show all fields' }));
    expect(
      within(ann)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual([
      'How to make this bigger and better',
      'The challenges the panel sees',
      'How to get this going',
    ]);
    const bob = reviewer(card, /Reviewer B/);
    expect(
      within(bob)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['The challenges the panel sees', 'Other comments']);
  });

  it('redacts an included comment, marks it Redacted and saves exactly what the letter says', async () => {
    const requests = openLetter();
    const card = await letterCard();
    const user = userEvent.setup();
    const ann = await within(card).findByRole('group', { name: /Reviewer A/ });
    await user.click(
      within(ann).getByRole('checkbox', { name: 'How to make this bigger and better' }),
    );
    await user.click(within(ann).getByRole('checkbox', { name: 'How to get this going' }));
    const text = within(ann).getByRole('textbox', {
      name: 'Text in the letter: How to make this bigger and better',
    });
    expect(text).toHaveValue('Partner with the water utility.');
    expect(within(ann).queryByText('Redacted')).toBeNull();
    await user.clear(text);
    await user.type(text, 'Partner with a utility.');
    expect(within(ann).getByText('Redacted')).toBeVisible();
    expect(
      within(ann).getByText('The reviewer wrote: Partner with the water utility.'),
    ).toBeVisible();

    await user.type(within(card).getByLabelText('Message (optional)'), 'Congratulations!');
    await user.click(within(card).getByRole('checkbox', { name: 'Include percentile band' }));
    await user.click(within(card).getByRole('button', { name: 'Save letter' }));

    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
        {
          message: 'Congratulations!',
          includeBand: true,
          items: [
            { reviewerId: reviewerA, field: 'howToBiggerBetter', text: 'Partner with a utility.' },
            { reviewerId: reviewerA, field: 'howToGetGoing', text: 'Start with one district.' },
          ],
        },
      ]),
    );
    const notifications = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(await within(notifications).findByText('Letter Saved')).toBeVisible();
    // The saved letter comes back: the redacted text stays, still marked.
    const saved = await within(card).findByRole('textbox', {
      name: 'Text in the letter: How to make this bigger and better',
    });
    expect(saved).toHaveValue('Partner with a utility.');
    expect(within(card).getByText('Redacted')).toBeVisible();
  });

  it('refuses to save an included comment left empty', async () => {
    const requests = openLetter();
    const card = await letterCard();
    const user = userEvent.setup();
    const ann = await within(card).findByRole('group', { name: /Reviewer A/ });
    await user.click(within(ann).getByRole('checkbox', { name: 'How to get this going' }));
    await user.clear(within(ann).getByRole('textbox'));
    await user.click(within(card).getByRole('button', { name: 'Save letter' }));
    expect(
      within(card).getByText("Reviewer A's comment is empty: leave it out instead"),
    ).toBeVisible();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('previews exactly what the owner receives, the HTML in a sandboxed frame', async () => {
    openLetter();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Decision on #4 Heat pumps')).toBeVisible();
    expect(within(preview).getByText('Olga Owner <olga@example.com>')).toBeVisible();
    const text = within(preview).getByText(/Your opportunity was accepted/);
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe('Dear Olga,\n\nYour opportunity was accepted.');
    const frame = within(preview).getByTitle('Letter preview (HTML)');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Dear Olga,</p><script>alert(1)</script>');
    // Never in the page itself.
    expect(document.querySelector('main script')).toBeNull();
  });
});
