import { type ReactNode, useState } from 'react';

/**
 * `Dialog`, rendered only from its first opening on. A closed form dialog still built its form
 * (react-hook-form with its zod resolver) and its Radix root at page load: on the reviewers page
 * the closed 'Create New Reviewer', 'Set Password' and 'Invite Reviewer' dialogs were part of the
 * long tasks before the list could be used (issue 17). Once opened it stays mounted, so that its
 * closing animation, the focus it returns and the form it empties on close behave as before.
 */
export function mountedOnceOpened<Props extends object>(
  Dialog: (props: Props) => ReactNode,
  isOpen: (props: Props) => boolean,
) {
  function MountedOnceOpened(props: Props) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    // Derived state, set during render as React allows: the dialog stays once it has opened.
    if (open && !opened) setOpened(true);
    return opened || open ? <Dialog {...props} /> : null;
  }
  MountedOnceOpened.displayName = `MountedOnceOpened(${Dialog.name})`;
  return MountedOnceOpened;
}
