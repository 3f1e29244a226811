/*
 * Why the current session ended, when the server said so (a deactivated account answers 403 with
 * its message): kept for the browser session so that /login can show it after the redirect, and
 * forgotten at the next sign-in.
 */

const SIGNED_OUT_NOTICE_KEY = 'signedOutNotice';

export function rememberSignedOutNotice(message: string): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_NOTICE_KEY, message);
  } catch {
    // Storage disabled: /login shows no reason, as before.
  }
}

export function signedOutNotice(): string | null {
  try {
    return sessionStorage.getItem(SIGNED_OUT_NOTICE_KEY);
  } catch {
    return null;
  }
}

export function forgetSignedOutNotice(): void {
  try {
    sessionStorage.removeItem(SIGNED_OUT_NOTICE_KEY);
  } catch {
    // Storage disabled: there is nothing to forget.
  }
}
