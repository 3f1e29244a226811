import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadFirstPage } from './app/preload';
import { AppProviders } from './app/providers';
import { AppRoutes, firstPageNeeds } from './app/router';
import { queryClient } from './lib/query-client';
import { applyTheme, readTheme } from './lib/theme';

// index.html's inline script already did this before the first paint; repeat it in case it was
// blocked.
applyTheme(readTheme());

preloadFirstPage(queryClient, firstPageNeeds(window.location.pathname));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

const reactRoot = createRoot(root);
// The first render in a transition: React draws it in slices between frames instead of one task,
// so a slow phone stays responsive while the shell and the first page appear (decision 0027).
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </StrictMode>,
  );
});
