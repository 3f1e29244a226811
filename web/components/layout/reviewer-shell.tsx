import { initialsOf } from '@shared/text';
import { Avatar } from '@web/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { SearchInput } from '@web/components/ui/search-input';
import LogOut from 'lucide-react/icons/log-out';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ShellUser } from './admin-shell';
import { Logo } from './logo';
import { SkipLink } from './skip-link';
import { ThemeToggle } from './theme-toggle';

type ReviewerShellProps = {
  user: ShellUser;
  onLogout: () => void;
  isLoggingOut?: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  children: ReactNode;
};

/** The reviewer workspace frame: a sticky header (logo, search, theme, user menu) and the page. */
export function ReviewerShell({
  user,
  onLogout,
  isLoggingOut = false,
  search,
  onSearchChange,
  children,
}: ReviewerShellProps) {
  const heading = user.displayName?.trim() || user.name?.trim() || 'Reviewer';
  const name = user.name?.trim();
  return (
    <div className="flex min-h-svh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
          <Link
            href="/reviewer/opportunities"
            aria-label="Assay, opportunities"
            className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Logo />
          </Link>
          {/* biome-ignore lint/a11y/useSemanticElements: <search> is not known to every engine we test in; a search-role form is. */}
          <form
            role="search"
            className="hidden max-w-md flex-1 md:block"
            onSubmit={(event) => event.preventDefault()}
          >
            <SearchInput
              placeholder="Search opportunities..."
              aria-label="Search opportunities"
              value={search}
              onValueChange={onSearchChange}
            />
          </form>
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <DropdownMenu modal={false}>
              <DropdownMenuTrigger
                aria-label="User menu"
                className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
              >
                <Avatar initials={initialsOf(user.name, 'RE')} data-testid="user-initials" />
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end" className="w-60">
                <DropdownMenuLabel className="font-normal">
                  <p className="truncate text-sm font-semibold">{heading}</p>
                  {name && name !== heading ? (
                    <p className="truncate text-xs text-muted-foreground">{name}</p>
                  ) : null}
                  <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                </DropdownMenuLabel>
                <DropdownMenuSeparator />
                <DropdownMenuItem disabled={isLoggingOut} onSelect={onLogout}>
                  <LogOut aria-hidden="true" />
                  Sign Out
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8"
      >
        {children}
      </main>
    </div>
  );
}
