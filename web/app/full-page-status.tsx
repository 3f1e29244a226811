import Loader2 from 'lucide-react/icons/loader-2';

/** The spinner and 'Loading...' both fallbacks show, announced politely; `className` places it. */
function LoadingStatus({ className }: { className: string }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}

/** Shown while the current user or a page's code loads. */
export function FullPageLoading() {
  return (
    <LoadingStatus className="flex min-h-svh items-center justify-center gap-2 text-muted-foreground" />
  );
}

/** Suspense fallback inside a shell, while a page's code chunk loads. */
export function PageLoading() {
  return (
    <LoadingStatus className="flex items-center justify-center gap-2 py-16 text-muted-foreground" />
  );
}
