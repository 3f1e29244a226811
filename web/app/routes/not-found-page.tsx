import { Logo } from '@web/components/layout/logo';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';
import AlertCircle from 'lucide-react/icons/alert-circle';
import Home from 'lucide-react/icons/home';
import { Link } from 'wouter';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4">
      <Logo />
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 text-center">
          <AlertCircle className="size-10 text-destructive dark:text-red-400" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
          <p className="text-muted-foreground">
            The page you're looking for doesn't exist or has been moved.
          </p>
          <Button asChild>
            <Link href="/">
              <Home aria-hidden="true" />
              Go to Home
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
