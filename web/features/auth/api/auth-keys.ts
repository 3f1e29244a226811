/**
 * Query keys of the signed-in user; each doubles as the GET path. A file of its own that imports
 * nothing, so pages use it without the feature's hooks.
 */
export const authKeys = {
  currentUser: () => ['/api/auth/me'] as const,
};
