import { Loader2 } from 'lucide-react';

/** Shown while the current user or a page's code loads. */
export function FullPageLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-svh items-center justify-center gap-2 text-muted-foreground"
    >
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}

/** Suspense fallback inside a shell, while a page's code chunk loads. */
export function PageLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center justify-center gap-2 py-16 text-muted-foreground"
    >
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}
