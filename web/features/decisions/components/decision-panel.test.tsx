import type { DecisionPanel } from '@shared/decision-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it } from 'vitest';
import { entry, evidence, letterOf, panelOf, revision, uuid } from '../test/decision-fixtures';

const id = uuid();
const path = `/api/admin/opportunities/${id}`;

function openPanel(initial: DecisionPanel, putAnswer?: { status: number; body: unknown }) {
  let panel = initial;
  const requests = stubSession(adminUser, (request: FakeRequest) => {
    if (request.method === 'GET' && request.url === `${path}/decision`) {
      return { status: 200, body: panel };
    }
    if (request.method === 'PUT' && request.url === `${path}/decision`) {
      if (putAnswer) return putAnswer;
      const { outcome, rationale } = request.body as DecisionPanel['history'][number];
      const draft = entry({
        opportunityId: id,
        number: 4,
        title: 'Heat pumps',
        outcome,
        rationale,
      });
      panel = { ...panel, draft, history: [draft, ...panel.history] };
      return { status: 200, body: draft };
    }
    if (request.method === 'DELETE' && request.url === `${path}/decision`) {
      panel = { ...panel, draft: null };
      return { status: 204 };
    }
    if (request.url === `${path}/letter`) return { status: 200, body: letterOf() };
    if (request.url === `${path}/feedback`) {
      return panel.draft || panel.released
        ? {
            status: 200,
            body: {
              to: { name: 'Olga Owner', email: 'olga@example.com' },
              outcome: 'accepted',
              state: 'draft',
              subject: 'Your opportunity #4',
              text: 'Dear Olga, ...',
              html: '<p>Dear Olga</p>',
            },
          }
        : { status: 409, body: { message: 'No decision yet' } };
    }
    return undefined;
  });
  renderApp(`/admin/results/decisions/${id}`);
  return requests;
}

const decisionCard = () => screen.findByRole('region', { name: 'Decision' });

describe('decision panel', () => {
  beforeAll(async () => {
    await import('@web/app/routes/admin/decision-page');
  }, 30_000);

  it('saves a draft with its rationale, counting the characters', async () => {
    const requests = openPanel(panelOf(id));
    expect(await screen.findByRole('heading', { level: 1, name: 'Decision #4' })).toBeVisible();
    expect(document.title).toBe('Decision #4 · Assay');
    const card = await decisionCard();
    expect(within(card).getByText('No decision has been released yet.')).toBeVisible();
    const user = userEvent.setup();

    await user.click(within(card).getByRole('button', { name: 'Save draft' }));
    expect(within(card).getByText('Choose an outcome', { selector: '[role=alert]' })).toBeVisible();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.selectOptions(within(card).getByLabelText('Outcome'), 'Accepted');
    const rationale = within(card).getByLabelText('Rationale (optional)');
    expect(rationale).toHaveAttribute('maxlength', '2000');
    await user.type(rationale, 'Strong case');
    expect(within(card).getByText('11/2000 characters')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Save draft' }));

    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
        { outcome: 'accepted', rationale: 'Strong case' },
      ]),
    );
    expect(await within(card).findByText('Accepted (draft)')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Remove draft' })).toBeVisible();
    // The preview follows: the draft's letter, exactly as the server renders it.
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Your opportunity #4')).toBeVisible();
  });

  it("shows the server's refusal inside the form", async () => {
    openPanel(panelOf(id), {
      status: 409,
      body: { message: 'Only published or archived opportunities can be decided' },
    });
    const card = await decisionCard();
    const user = userEvent.setup();
    await user.selectOptions(within(card).getByLabelText('Outcome'), 'Declined');
    await user.click(within(card).getByRole('button', { name: 'Save draft' }));
    expect(
      await within(card).findByText('Only published or archived opportunities can be decided'),
    ).toBeVisible();
  });

  it('highlights the evidence that moved since the decision, and keeps the one in force', async () => {
    const released = entry({
      opportunityId: id,
      number: 4,
      state: 'released',
      outcome: 'accepted',
      rationale: 'Best of the round',
      evidence: evidence({ calibratedRank: 2, reviewCount: 3 }),
    });
    const draft = entry({
      opportunityId: id,
      number: 4,
      outcome: 'waitlisted',
      evidence: evidence({ calibratedRank: 5, reviewCount: 4 }),
    });
    openPanel(
      panelOf(id, {
        released,
        draft,
        evidenceNow: evidence({ calibratedRank: 5, reviewCount: 4 }),
      }),
    );
    const card = await decisionCard();
    expect(within(card).getByTestId('decision-in-force')).toHaveTextContent(/In force:\s*Accepted/);
    expect(within(card).getByText('It stays in force until the draft is released.')).toBeVisible();
    expect(within(card).getByLabelText('Outcome')).toHaveValue('waitlisted');

    const table = screen.getByRole('table', { name: 'Evidence then and now' });
    const rowOf = (name: string) =>
      within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    const rank = [...rowOf('Calibrated rank').querySelectorAll('td')];
    // Columns: at the draft, at the release, now.
    expect(rank.map((cell) => cell.textContent)).toEqual([
      '5 of 10',
      '2 of 10 (changed since)',
      '5 of 10',
    ]);
    expect(rank.map((cell) => cell.hasAttribute('data-changed'))).toEqual([false, true, false]);
    const alpha = [...rowOf("Panel's alpha").querySelectorAll('td')];
    expect(alpha.map((cell) => cell.hasAttribute('data-changed'))).toEqual([false, false, false]);
  });

  it('lists the history newest first', async () => {
    openPanel(
      panelOf(id, {
        history: [
          revision({ opportunityId: id, revision: 3, outcome: 'declined', state: 'draft' }),
          revision({
            opportunityId: id,
            revision: 2,
            outcome: 'accepted',
            state: 'released',
            releasedAt: '2026-05-02T10:00:00.000Z',
            letterTo: 'olga@example.com',
          }),
          revision({ opportunityId: id, revision: 1, outcome: 'shortlisted', state: 'superseded' }),
        ],
      }),
    );
    const history = await screen.findByRole('list', { name: 'Decision history' });
    const items = within(history).getAllByTestId('history-item');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Revision 3DeclinedDraft',
      'Revision 2AcceptedIn force',
      'Revision 1ShortlistedSuperseded',
    ]);
    expect(items[1]).toHaveTextContent('letter to olga@example.com');
  });

  it('says so when the opportunity does not exist', async () => {
    stubSession(adminUser, () => undefined);
    renderApp(`/admin/results/decisions/${id}`);
    expect(await screen.findByText('Opportunity not found')).toBeVisible();
  });
});
