import { Card } from '@web/components/ui/card';
import type { ReactNode } from 'react';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

/** The signed-out pages (sign-in, an invitation link): the logo over one centred card. */
export function CenteredCardPage({ children }: { children: ReactNode }) {
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
          <Card>{children}</Card>
        </div>
      </main>
    </div>
  );
}
