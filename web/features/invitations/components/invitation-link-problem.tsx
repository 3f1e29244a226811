import { Button } from '@web/components/ui/button';
import { isApiError, serverMessageOf } from '@web/lib/api-client';
import AlertCircle from 'lucide-react/icons/alert-circle';
import LogIn from 'lucide-react/icons/log-in';
import { Link } from 'wouter';
import { isDeadLink } from '../api/invitation-queries';

function titleFor(error: unknown): string {
  if (isApiError(error, 404)) return 'Invitation Not Found';
  if (isApiError(error, 410)) return 'Invitation No Longer Valid';
  return 'Could Not Load Invitation';
}

/**
 * Why a link does not work, in the server's words: unknown (404), or used, revoked or expired
 * (410). Anything else (throttled, server down) may pass, so it offers a retry.
 */
export function InvitationLinkProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const isFinal = isDeadLink(error);
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <AlertCircle className="size-10 text-destructive dark:text-red-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">{titleFor(error)}</h1>
      <p className="text-muted-foreground">
        {serverMessageOf(error, 'The invitation could not be loaded. Please try again.')}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {isFinal ? null : (
          <Button variant="outline" onClick={onRetry}>
            Try Again
          </Button>
        )}
        <Button asChild>
          <Link href="/login">
            <LogIn aria-hidden="true" />
            Go to Sign In
          </Link>
        </Button>
      </div>
    </div>
  );
}
