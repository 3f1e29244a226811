import { ReviewersScreen } from '@web/features/admin-reviewers/components/reviewers-screen';

export function ReviewersPage() {
  return <ReviewersScreen />;
}
