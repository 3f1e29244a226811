import { Logo } from '@web/components/layout/logo';
import { ThemeToggle } from '@web/components/layout/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { LoginForm } from '@web/features/auth/components/login-form';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function LoginPage() {
  useDocumentTitle('Sign in');
  return (
    <div className="relative flex min-h-svh flex-col bg-muted/40">
      <header className="flex justify-end p-4">
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-sm">
          <div className="mb-6 flex justify-center">
            <Logo />
          </div>
          <Card>
            <CardHeader className="text-center">
              <h1 className="text-2xl font-semibold tracking-tight">Welcome to Assay</h1>
              <CardDescription>Sign in to the opportunity evaluation platform</CardDescription>
            </CardHeader>
            <CardContent>
              <LoginForm />
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}
