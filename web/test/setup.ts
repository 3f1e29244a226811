import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { clearToasts } from '@web/components/ui/use-toast';
import { afterEach, vi } from 'vitest';

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
