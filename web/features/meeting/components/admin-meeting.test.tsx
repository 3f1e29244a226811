import { MEETING_NOT_ACTIVE_MESSAGE } from '@shared/discussion';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { preloadFirstPage } from '@web/app/preload';
import { firstPageNeeds } from '@web/app/router';
import { createQueryClient } from '@web/lib/query-client';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_DISCUSS, stubAdminMeetingServer } from '../test/fake-meeting-server';
import { opportunity } from '../test/meeting-fixtures';

const tidal = opportunity({ number: 12, title: 'Tidal kites', reasons: ['disagreement'] });
const kelp = opportunity({ number: 7, title: 'Kelp forests', reasons: ['few-reviews'] });
const heat = opportunity({
  number: 3,
  title: 'Heat pumps',
  reasons: ['calibration-shift'],
  postCount: 4,
});
const solar = opportunity({ number: 20, title: 'Solar roads' });
const published = [tidal, kelp, heat, solar];

const agendaList = () => screen.findByRole('list', { name: 'Agenda order' });
const agendaTitles = async () =>
  within(await agendaList())
    .getAllByTestId('agenda-item')
    .map((row) => row.querySelector('p')?.textContent);
/** The polite live region that says what changed. */
const announcement = () =>
  screen.getAllByRole('status').find((element) => element.classList.contains('sr-only'));

describe('admin meeting page', () => {
  beforeAll(async () => {
    await import('@web/app/routes/admin/meeting-page');
    await import('./meeting-figures');
  }, 30_000);

  it('is fetched with the user on a first visit, with Results, and read from there', async () => {
    const server = stubAdminMeetingServer({ published });
    const queryClient = createQueryClient();
    preloadFirstPage(queryClient, firstPageNeeds('/admin/meeting'));
    const reads = () =>
      server.requests
        .filter((r) => r.method === 'GET')
        .map((r) => r.url)
        .sort();
    const expected = ['/api/admin/meeting', '/api/admin/results', '/api/auth/me'];
    await waitFor(() => expect(reads()).toEqual(expected));
    renderApp('/admin/meeting', { queryClient });
    await agendaList();
    expect(reads()).toEqual(expected);
  });

  it('previews the Results discussion queue as the agenda and starts the meeting on it', async () => {
    const server = stubAdminMeetingServer({ published, suggested: [tidal.id, kelp.id, heat.id] });
    const user = userEvent.setup();
    renderApp('/admin/meeting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meeting' })).toBeVisible();
    expect(document.title).toBe('Meeting · Assay');
    expect(await agendaTitles()).toEqual(['#12 Tidal kites', '#7 Kelp forests', '#3 Heat pumps']);
    expect(screen.getByText(/Suggested from the Results discussion queue/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Start meeting' }));
    const now = await screen.findByRole('region', { name: 'Now' });
    expect(server.bodies('POST', '/api/admin/meeting/start')).toHaveLength(1);
    expect(within(now).getByRole('heading', { name: '#12 Tidal kites' })).toBeVisible();
    expect(within(now).getByText('Item 1 of 3')).toBeVisible();
    const reasons = await within(now).findByRole('list', { name: 'Reasons to discuss it' });
    expect(within(reasons).getByText('Reviewers disagree')).toBeVisible();
    expect(within(now).getByText('Calibrated composite')).toBeVisible();
    expect(within(now).getByText('Rank 3, likely 2 to 6')).toBeVisible();
    expect(within(now).getByRole('link', { name: 'Open the discussion' })).toHaveAttribute(
      'href',
      `/admin/results/decisions/${tidal.id}#discussion`,
    );
    expect(
      within(screen.getByRole('region', { name: 'Next' })).getByText('Kelp forests'),
    ).toBeVisible();
    const current = within(await agendaList())
      .getAllByTestId('agenda-item')
      .filter((row) => row.getAttribute('aria-current') === 'step');
    expect(current.map((row) => row.querySelector('p')?.textContent)).toEqual([
      '#12 Tidal kitesNow',
    ]);
    expect(announcement()).toHaveTextContent('Now discussing: #12 Tidal kites');
  });

  it('reorders by keyboard, keeping the focus on the moved item and saying where it went', async () => {
    const server = stubAdminMeetingServer({ published, suggested: [tidal.id, kelp.id, heat.id] });
    const user = userEvent.setup();
    renderApp('/admin/meeting');
    await agendaList();

    screen.getByRole('button', { name: 'Move #7 Kelp forests up' }).focus();
    await user.keyboard('{Enter}');
    expect(await agendaTitles()).toEqual(['#7 Kelp forests', '#12 Tidal kites', '#3 Heat pumps']);
    // At the top its Move up is disabled: the focus is on its other button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move #7 Kelp forests down' })).toHaveFocus(),
    );
    expect(screen.getByRole('button', { name: 'Move #7 Kelp forests up' })).toBeDisabled();
    expect(announcement()).toHaveTextContent('#7 Kelp forests moved to position 1 of 3');

    await user.keyboard('{Enter}');
    expect(await agendaTitles()).toEqual(['#12 Tidal kites', '#7 Kelp forests', '#3 Heat pumps']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move #7 Kelp forests down' })).toHaveFocus(),
    );
    expect(announcement()).toHaveTextContent('#7 Kelp forests moved to position 2 of 3');

    await waitFor(() =>
      expect(server.bodies('PUT', '/api/admin/meeting')).toEqual([
        { agenda: [kelp.id, tidal.id, heat.id] },
        { agenda: [tidal.id, kelp.id, heat.id] },
      ]),
    );
    // Saved: no longer the suggestion.
    expect(await screen.findByText('The order the panel discusses them in.')).toBeVisible();
  });

  it('shows quick moves at once and sends them in order while the server is slow', async () => {
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = stubAdminMeetingServer({
      published,
      suggested: [tidal.id, kelp.id, heat.id],
      hold: (request) => (request.method === 'PUT' ? slow : undefined),
    });
    const user = userEvent.setup();
    renderApp('/admin/meeting');
    await agendaList();
    await user.click(screen.getByRole('button', { name: 'Move #3 Heat pumps up' }));
    await user.click(screen.getByRole('button', { name: 'Move #3 Heat pumps up' }));
    expect(await agendaTitles()).toEqual(['#3 Heat pumps', '#12 Tidal kites', '#7 Kelp forests']);
    expect(server.bodies('PUT', '/api/admin/meeting')).toEqual([
      { agenda: [tidal.id, heat.id, kelp.id] },
    ]);

    release();
    await waitFor(() =>
      expect(server.bodies('PUT', '/api/admin/meeting')).toEqual([
        { agenda: [tidal.id, heat.id, kelp.id] },
        { agenda: [heat.id, tidal.id, kelp.id] },
      ]),
    );
    await waitFor(() => expect(server.state.version).toBe(3));
    expect(await agendaTitles()).toEqual(['#3 Heat pumps', '#12 Tidal kites', '#7 Kelp forests']);
    expect(screen.getByText('The order the panel discusses them in.')).toBeVisible();
  });

  it('removes an item and adds a published opportunity that is not on the agenda', async () => {
    const server = stubAdminMeetingServer({ published, agenda: [tidal.id, kelp.id] });
    const user = userEvent.setup();
    renderApp('/admin/meeting');
    await agendaList();
    const add = screen.getByRole('combobox', { name: 'Add an opportunity' });
    await waitFor(() =>
      expect(
        within(add)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose an opportunity', '#3 Heat pumps', '#20 Solar roads']),
    );

    await user.click(
      screen.getByRole('button', { name: 'Remove #12 Tidal kites from the agenda' }),
    );
    expect(await agendaTitles()).toEqual(['#7 Kelp forests']);
    expect(
      screen.getByRole('button', { name: 'Remove #7 Kelp forests from the agenda' }),
    ).toHaveFocus();
    expect(announcement()).toHaveTextContent('#12 Tidal kites removed from the agenda');

    await user.selectOptions(add, '#20 Solar roads');
    await user.click(screen.getByRole('button', { name: 'Add to agenda' }));
    expect(await agendaTitles()).toEqual(['#7 Kelp forests', '#20 Solar roads']);
    expect(announcement()).toHaveTextContent('#20 Solar roads added to the agenda as item 2');
    await waitFor(() =>
      expect(server.bodies('PUT', '/api/admin/meeting')).toEqual([
        { agenda: [kelp.id] },
        { agenda: [kelp.id, solar.id] },
      ]),
    );
  });

  it('moves to the next and previous item, jumps to one, and ends the meeting', async () => {
    const server = stubAdminMeetingServer({
      published,
      agenda: [tidal.id, kelp.id, heat.id],
      active: true,
    });
    const user = userEvent.setup();
    renderApp('/admin/meeting');
    const now = await screen.findByRole('region', { name: 'Now' });
    const previous = screen.getByRole('button', { name: 'Previous item' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Next item' }));
    expect(await within(now).findByRole('heading', { name: '#7 Kelp forests' })).toBeVisible();
    expect(within(now).getByText('Item 2 of 3')).toBeVisible();
    expect(announcement()).toHaveTextContent('Now discussing: #7 Kelp forests');

    await user.click(screen.getByRole('button', { name: 'Next item' }));
    expect(await within(now).findByRole('heading', { name: '#3 Heat pumps' })).toBeVisible();
    expect(within(now).getByText('4 posts in its discussion')).toBeVisible();
    expect(screen.getByText('This is the last item.')).toBeVisible();
    // Stays focusable at the end, and does nothing.
    const next = screen.getByRole('button', { name: 'Next item' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);

    await user.click(screen.getByRole('button', { name: 'Previous item' }));
    expect(await within(now).findByRole('heading', { name: '#7 Kelp forests' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Go to #12 Tidal kites' }));
    expect(await within(now).findByRole('heading', { name: '#12 Tidal kites' })).toBeVisible();
    expect(server.bodies('POST', '/api/admin/meeting/current')).toEqual([
      { index: 1 },
      { index: 2 },
      { index: 1 },
      { index: 0 },
    ]);

    await user.click(screen.getByRole('button', { name: 'End meeting' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End the meeting?' });
    await user.click(within(dialog).getByRole('button', { name: 'End meeting' }));
    const start = await screen.findByRole('button', { name: 'Start meeting' });
    await waitFor(() => expect(start).toHaveFocus());
    expect(screen.queryByRole('region', { name: 'Now' })).not.toBeInTheDocument();
    expect(server.state.active).toBe(false);
    expect(announcement()).toHaveTextContent('The meeting has ended');
  });

  it('shows a refusal inline when there is nothing to start', async () => {
    stubAdminMeetingServer({ published: [solar], suggested: [] });
    const user = userEvent.setup();
    renderApp('/admin/meeting');
    expect(
      await screen.findByText('Nothing is on the agenda. Add opportunities below.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Start meeting' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTHING_TO_DISCUSS);
  });

  it('shows a refusal inline when the meeting was ended elsewhere, and reads it again', async () => {
    const server = stubAdminMeetingServer({
      published,
      agenda: [solar.id, tidal.id],
      active: true,
    });
    const user = userEvent.setup();
    renderApp('/admin/meeting');
    await screen.findByRole('region', { name: 'Now' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Ended in another tab; this one still shows it running.
    server.state.active = false;
    await user.click(screen.getByRole('button', { name: 'Next item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MEETING_NOT_ACTIVE_MESSAGE);
    expect(await screen.findByRole('button', { name: 'Start meeting' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Now' })).not.toBeInTheDocument();
  });

  it('is linked from the Results page header', async () => {
    stubAdminMeetingServer({ published });
    renderApp('/admin/results');
    expect(await screen.findByRole('link', { name: 'Meeting' })).toHaveAttribute(
      'href',
      '/admin/meeting',
    );
  });
});
