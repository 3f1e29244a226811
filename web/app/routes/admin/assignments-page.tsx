import { AssignmentsScreen } from '@web/features/assignments/components/assignments-screen';

export function AssignmentsPage() {
  return <AssignmentsScreen />;
}
