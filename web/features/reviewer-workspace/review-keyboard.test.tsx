import { CRITERIA } from '@shared/criteria';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  COMMENTS,
  first,
  middle,
  openDetail,
  REVIEWS,
  radio,
  toastRegion,
} from './detail-page-fixtures';

const pagerButton = (name: 'Previous' | 'Next') => screen.getByRole('button', { name });

describe('keyboard on the scoring form', () => {
  it('keys 1-5 score the focused criterion and move to the next; on the last, focus stays', async () => {
    await openDetail(first);
    const user = userEvent.setup();
    act(() => radio('Strategic Alignment', 1).focus());
    await user.keyboard('4');
    expect(radio('Strategic Alignment', 4)).toHaveAttribute('aria-checked', 'true');
    expect(radio('Sustainability', 1)).toHaveFocus();
    await user.keyboard('3');
    expect(radio('Technology Readiness', 1)).toHaveFocus();
    await user.keyboard('52');
    expect(radio('Business Potential', 1)).toHaveFocus();
    await user.keyboard('4');
    expect(radio('Business Potential', 4)).toHaveFocus();
    expect(radio('Business Potential', 4)).toHaveAttribute('aria-checked', 'true');
    expect(
      CRITERIA.map((c) =>
        within(screen.getByRole('radiogroup', { name: c.label }))
          .getAllByRole('radio')
          .findIndex((r) => r.getAttribute('aria-checked') === 'true'),
      ),
    ).toEqual([3, 2, 4, 1, 3]);
    expect(screen.getByTestId('composite-score')).toHaveTextContent('3.60');
    // Keys that are no score's label do nothing.
    await user.keyboard('7');
    expect(radio('Business Potential', 4)).toHaveFocus();
    expect(radio('Business Potential', 4)).toHaveAttribute('aria-checked', 'true');
  });

  it('arrow keys still move and choose within a criterion; Alt+Arrow does not', async () => {
    await openDetail(middle);
    const user = userEvent.setup();
    act(() => radio('Sustainability', 1).focus());
    await user.keyboard('2');
    act(() => radio('Sustainability', 2).focus());
    await user.keyboard('{ArrowRight}');
    expect(radio('Sustainability', 3)).toHaveFocus();
    expect(radio('Sustainability', 3)).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(radio('Sustainability', 1)).toHaveAttribute('aria-checked', 'true');
    // Alt+ArrowLeft is Previous: the page moves on, the score is not touched on the way.
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    await screen.findByRole('heading', { level: 1, name: first.title });
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await screen.findByRole('heading', { level: 1, name: middle.title });
    expect(radio('Sustainability', 1)).toHaveAttribute('aria-checked', 'true');
  });

  it('Alt+ArrowRight saves complete scores, moves to the next opportunity and focuses its first criterion', async () => {
    const { server, app } = await openDetail(first);
    expect(pagerButton('Previous')).toHaveAttribute('aria-keyshortcuts', 'Alt+ArrowLeft');
    expect(pagerButton('Next')).toHaveAttribute('aria-keyshortcuts', 'Alt+ArrowRight');
    expect(screen.getByTestId('keyboard-tip')).toHaveTextContent(
      'Tip: press 1-5 to score; Alt+← previous, Alt+→ next',
    );
    const user = userEvent.setup();
    act(() => radio('Strategic Alignment', 1).focus());
    await user.keyboard('45324');
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await screen.findByRole('heading', { level: 1, name: middle.title });
    expect(app.currentPath()).toBe(`/reviewer/opportunities/${middle.id}`);
    // Saved before leaving, and said so: this save was asked for.
    expect(server.calls('POST', REVIEWS).map((r) => r.body)).toEqual([
      {
        opportunityId: first.id,
        strategicAlignment: 4,
        sustainability: 5,
        technologyReadiness: 3,
        marketPotential: 2,
        businessPotential: 4,
      },
    ]);
    expect(server.calls('POST', COMMENTS)).toHaveLength(1);
    expect(await within(toastRegion()).findByText('Review Saved')).toBeInTheDocument();
    // Ready for the next five keys.
    await waitFor(() => expect(radio('Strategic Alignment', 1)).toHaveFocus());
  });

  it('leaves Alt+Arrow to the text while typing in a comment', async () => {
    const { app } = await openDetail(first);
    const user = userEvent.setup();
    const comment = screen.getByLabelText('How can we get this going?');
    await user.click(comment);
    await user.keyboard('Pilot 1{Alt>}{ArrowRight}{/Alt}2');
    expect(comment).toHaveValue('Pilot 12');
    expect(comment).toHaveFocus();
    // Off the text field the shortcut works; the history shows that only this press moved.
    act(() => pagerButton('Next').focus());
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await screen.findByRole('heading', { level: 1, name: middle.title });
    expect(app.location.history).toEqual([
      `/reviewer/opportunities/${first.id}`,
      `/reviewer/opportunities/${middle.id}`,
    ]);
  });
});
