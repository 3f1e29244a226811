import { AUTO_REDIRECT_FLAG } from '@shared/limits';

/*
 * SPEC.md section 2's session flag: a reviewer is taken to their last viewed opportunity once
 * per browser session. Set by the reviewer workspace, forgotten at sign-out (auth).
 */

export function hasAutoRedirected(): boolean {
  try {
    return sessionStorage.getItem(AUTO_REDIRECT_FLAG) !== null;
  } catch {
    // Storage disabled: never redirect rather than redirect on every visit.
    return true;
  }
}

export function markAutoRedirected(): void {
  try {
    sessionStorage.setItem(AUTO_REDIRECT_FLAG, 'true');
  } catch {
    // Storage disabled: nothing to remember.
  }
}

export function forgetAutoRedirected(): void {
  try {
    sessionStorage.removeItem(AUTO_REDIRECT_FLAG);
  } catch {
    // Storage disabled: there is no flag to forget.
  }
}
