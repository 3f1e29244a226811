import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReviewerSearchProvider, useReviewerSearch } from './reviewer-search';

function SearchBox() {
  const [value, setValue] = useReviewerSearch();
  return <input aria-label="Search" value={value} onChange={(e) => setValue(e.target.value)} />;
}

function Echo() {
  const [value] = useReviewerSearch();
  return <output aria-label="Echo">{value}</output>;
}

describe('useReviewerSearch', () => {
  it('shares one value between the components under the provider', async () => {
    render(
      <ReviewerSearchProvider>
        <SearchBox />
        <Echo />
      </ReviewerSearchProvider>,
    );
    await userEvent.setup().type(screen.getByLabelText('Search'), 'solar');
    expect(screen.getByLabelText('Echo')).toHaveTextContent('solar');
  });

  it('works alone without a provider', async () => {
    render(<SearchBox />);
    await userEvent.setup().type(screen.getByLabelText('Search'), 'wind');
    expect(screen.getByLabelText('Search')).toHaveValue('wind');
  });
});
