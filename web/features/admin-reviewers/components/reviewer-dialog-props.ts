import type { AdminReviewer } from '@shared/reviewer-admin-schemas';

/**
 * A dialog a row action opens for one reviewer: open while `reviewer` is set; the screen passes
 * `onCloseAutoFocus` so the focus returns to that row's menu trigger.
 */
export type ReviewerDialogProps = {
  reviewer: AdminReviewer | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
};
