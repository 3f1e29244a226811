import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

type SearchState = readonly [string, (value: string) => void];

const ReviewerSearchContext = createContext<SearchState | null>(null);

/** Holds the reviewer header's search text for the pages below it (reset on sign-out). */
export function ReviewerSearchProvider({ children }: { children: ReactNode }) {
  const [value, setValue] = useState('');
  const state = useMemo(() => [value, setValue] as const, [value]);
  return <ReviewerSearchContext.Provider value={state}>{children}</ReviewerSearchContext.Provider>;
}

/**
 * `[search, setSearch]` of the reviewer header's search box. Outside a ReviewerSearchProvider
 * (a page rendered alone, say) it falls back to state of its own.
 */
export function useReviewerSearch(): SearchState {
  const shared = useContext(ReviewerSearchContext);
  const [value, setValue] = useState('');
  return shared ?? ([value, setValue] as const);
}
