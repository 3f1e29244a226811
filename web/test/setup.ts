import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearToasts } from '@web/components/ui/use-toast';
import { afterEach, vi } from 'vitest';

// Pages load lazily, as in the app: the first render of one transforms its module, which on a
// busy two-core CI machine takes longer than findBy's default second. Waiting longer costs
// nothing when things are quick and cannot hide a wrong answer (the assertion still decides).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring the test's cookies.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.documentElement.className = '';
  document.title = '';
});
