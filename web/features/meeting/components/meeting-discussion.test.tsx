import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itemView, opportunity } from '../test/meeting-fixtures';
import { MeetingDiscussion, type MeetingItem, MeetingThreadContext } from './meeting-discussion';

const tidal = opportunity({ number: 12, title: 'Tidal kites' });
const item = (overrides: Partial<MeetingItem> = {}) =>
  ({ ...itemView(tidal), ...overrides }) as MeetingItem;

/** The route's thread, as a marker naming the opportunity it was asked for. */
function renderWithThread(ui: React.ReactNode) {
  return render(
    <MeetingThreadContext.Provider
      value={(opportunityId) => <section aria-label="Discussion">{opportunityId}</section>}
    >
      {ui}
    </MeetingThreadContext.Provider>,
  );
}

describe('the discussion of a meeting item', () => {
  it('shows the thread of "now" inline with the link to its page', () => {
    renderWithThread(<MeetingDiscussion item={item()} isNow />);
    expect(screen.getByRole('region', { name: 'Discussion' })).toHaveTextContent(tidal.id);
    expect(screen.getByRole('link', { name: 'Discuss this item' })).toHaveAttribute(
      'href',
      `/reviewer/opportunities/${tidal.id}#discussion`,
    );
  });

  it('shows no thread for "next", and none where the caller may not discuss', () => {
    const { unmount } = renderWithThread(<MeetingDiscussion item={item()} isNow={false} />);
    expect(screen.queryByRole('region', { name: 'Discussion' })).not.toBeInTheDocument();
    unmount();
    renderWithThread(
      <MeetingDiscussion
        item={item({
          canDiscuss: false,
          discussBlockedReason: 'Submit your review to join the discussion',
        })}
        isNow
      />,
    );
    expect(screen.queryByRole('region', { name: 'Discussion' })).not.toBeInTheDocument();
    expect(screen.getByText('Submit your review to join the discussion')).toBeVisible();
  });
});
