import type { CurrentUser } from '@shared/auth-schemas';
import { LOGOUT_REDIRECT_MS } from '@shared/limits';
import { homePathFor, type LoginInput } from '@shared/sign-in';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiJson, apiRequest, getQueryFn, isApiError, serverMessageOf } from '@web/lib/api-client';
import { forgetAutoRedirected } from '@web/lib/auto-redirect-flag';
import { forgetSignedOutNotice, rememberSignedOutNotice } from '@web/lib/signed-out-notice';
import { useLocation } from 'wouter';
import { authKeys } from './auth-keys';

const fetchCurrentUser = getQueryFn<CurrentUser | null>({ on401: 'returnNull' });

// The server sends its own wording (account-messages.ts); this stands in if a proxy ate the body.
const DEACTIVATED_FALLBACK = 'Your account has been deactivated.';

/**
 * The signed-in user, or null for a visitor (GET /api/auth/me answers 401). A deactivated
 * account's session answers 403: it counts as signed out too, and the server's reason is kept
 * for the login form to show after the guard's redirect.
 */
export const currentUserQueryOptions = queryOptions({
  queryKey: authKeys.currentUser(),
  queryFn: async (context) => {
    try {
      return await fetchCurrentUser(context);
    } catch (error) {
      if (!isApiError(error, 403)) throw error;
      rememberSignedOutNotice(serverMessageOf(error, DEACTIVATED_FALLBACK));
      return null;
    }
  },
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

/** Signs in, caches the user and goes to their home; a failure shows 'Login Failed'. */
export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (credentials: LoginInput) =>
      apiJson<CurrentUser>('POST', '/api/auth/login', credentials),
    onSuccess: (user) => {
      forgetSignedOutNotice();
      queryClient.setQueryData(authKeys.currentUser(), user);
      navigate(homePathFor(user.role), { replace: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Login Failed',
        description: serverMessageOf(error, 'Invalid email or password'),
      });
    },
  });
}

/**
 * Signs out: clears every cached query, forgets the reviewer's auto-redirect flag, says so, and
 * goes to /login after LOGOUT_REDIRECT_MS.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout', {}),
    onSuccess: () => {
      queryClient.clear();
      forgetAutoRedirected();
      toast({ title: 'Logged Out', description: 'You have been successfully logged out' });
      setTimeout(() => {
        // Known to be nobody now, so /login renders its form instead of asking the server.
        queryClient.setQueryData(authKeys.currentUser(), null);
        navigate('/login', { replace: true });
      }, LOGOUT_REDIRECT_MS);
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Logout Failed', description: 'Please try again' });
    },
  });
}
