/**
 * Query keys of invitations (the admin's pending list, a public link); each doubles as the GET
 * path (the default query function joins it). A file of its own that imports nothing.
 */
export const invitationKeys = {
  pending: () => ['/api/admin/invitations'] as const,
  link: (token: string) => ['/api/invitations', token] as const,
};
