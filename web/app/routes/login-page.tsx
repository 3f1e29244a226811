import { CenteredCardPage } from '@web/components/layout/centered-card-page';
import { CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { LoginForm } from '@web/features/auth/components/login-form';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function LoginPage() {
  useDocumentTitle('Sign in');
  return (
    <CenteredCardPage>
      <CardHeader className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Welcome to Assay</h1>
        <CardDescription>Sign in to the opportunity evaluation platform</CardDescription>
      </CardHeader>
      <CardContent>
        <LoginForm />
      </CardContent>
    </CenteredCardPage>
  );
}
