import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  clickScores,
  first,
  openDetail,
  REVIEWS,
  radio,
  saveStatus,
  scores,
  submitButton,
  toastRegion,
} from './detail-page-fixtures';

describe('the save indicator', () => {
  it('is the one polite status region, sticky with the score card, above the form', async () => {
    await openDetail(first);
    // Before any toast: the save state is the page's only status region.
    expect(screen.getAllByRole('status')).toEqual([saveStatus()]);
    const status = saveStatus();
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveClass('sticky');
    expect(status).toHaveTextContent('Nothing saved yet');
    // Just before the score card, not under the Submit button at the end of the form.
    const scoreCard = screen.getByRole('heading', { name: 'Score This Opportunity' });
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(status, scoreCard)).toBe(true);
    expect(follows(status, submitButton())).toBe(true);
    expect(status.nextElementSibling).toContainElement(scoreCard);

    fireEvent.click(radio('Sustainability', 3));
    expect(saveStatus()).toHaveTextContent(
      'Draft kept on this device until all five scores are set',
    );
  });

  it('an auto-save shows no toast; Submit does', async () => {
    const { server } = await openDetail(first);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    clickScores(scores);
    expect(saveStatus()).toHaveTextContent('Unsaved changes');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    vi.useRealTimers();
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    expect(server.calls('POST', REVIEWS)).toHaveLength(1);
    expect(within(toastRegion()).queryByText('Review Saved')).toBeNull();

    const user = userEvent.setup();
    await user.click(radio('Business Potential', 1));
    expect(saveStatus()).toHaveTextContent('Unsaved changes');
    await user.click(submitButton());
    expect(await within(toastRegion()).findByText('Review Saved')).toBeInTheDocument();
    expect(
      within(toastRegion()).getByText('Your review and comments have been saved successfully'),
    ).toBeInTheDocument();
    expect(server.calls('POST', REVIEWS)).toHaveLength(2);
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
  });
});
