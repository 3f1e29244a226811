import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the secret part of the link. */
export function generateInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak yields no usable link. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
