import { initialsOf } from '@shared/text';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useIsCollapsedRail,
  useSidebar,
} from '@web/components/ui/sidebar';
import { cn } from '@web/lib/cn';
import type { LucideIcon } from 'lucide-react';
import BarChart3 from 'lucide-react/icons/bar-chart-3';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import Download from 'lucide-react/icons/download';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Lightbulb from 'lucide-react/icons/lightbulb';
import ListOrdered from 'lucide-react/icons/list-ordered';
import LogOut from 'lucide-react/icons/log-out';
import Users from 'lucide-react/icons/users';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Logo } from './logo';
import { SkipLink } from './skip-link';
import { ThemeToggle } from './theme-toggle';

export const ADMIN_NAV: ReadonlyArray<{ label: string; href: string; icon: LucideIcon }> = [
  { label: 'Dashboard', href: '/admin/dashboard', icon: LayoutDashboard },
  { label: 'Reviewers', href: '/admin/reviewers', icon: Users },
  { label: 'Opportunities', href: '/admin/opportunities', icon: Lightbulb },
  { label: 'Analytics', href: '/admin/analytics', icon: BarChart3 },
  { label: 'Results', href: '/admin/results', icon: ListOrdered },
  { label: 'Exports', href: '/admin/exports', icon: Download },
  { label: 'Assignments', href: '/admin/assignments', icon: ClipboardCheck },
];

export type ShellUser = { name: string | null; email: string; displayName?: string | null };

type AdminShellProps = {
  user: ShellUser;
  onLogout: () => void;
  isLoggingOut?: boolean;
  children: ReactNode;
};

/** The admin back-office frame: collapsible sidebar navigation, a header bar and the page. */
export function AdminShell({ user, onLogout, isLoggingOut = false, children }: AdminShellProps) {
  return (
    <SidebarProvider>
      <SkipLink />
      <Sidebar label="Admin navigation">
        <AdminSidebarBody user={user} onLogout={onLogout} isLoggingOut={isLoggingOut} />
      </Sidebar>
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80">
          <SidebarTrigger className="-ml-1" />
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
          </div>
        </header>
        <main id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6 lg:p-8">
          <div className="mx-auto w-full max-w-7xl">{children}</div>
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}

function AdminSidebarBody({ user, onLogout, isLoggingOut }: Omit<AdminShellProps, 'children'>) {
  const [location] = useLocation();
  const { setOpenMobile } = useSidebar();
  const isRail = useIsCollapsedRail();
  return (
    <>
      <SidebarHeader>
        <Link
          href="/admin/dashboard"
          aria-label="Assay, admin dashboard"
          className="flex h-10 items-center rounded-md px-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => setOpenMobile(false)}
        >
          <Logo compact={isRail} />
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main">
          <SidebarGroup>
            <SidebarGroupLabel>Administration</SidebarGroupLabel>
            <SidebarMenu>
              {ADMIN_NAV.map(({ label, href, icon: Icon }) => {
                const isActive = location === href || location.startsWith(`${href}/`);
                return (
                  <SidebarMenuItem key={href}>
                    <SidebarMenuButton asChild isActive={isActive} tooltip={label}>
                      <Link
                        href={href}
                        aria-current={isActive ? 'page' : undefined}
                        onClick={() => setOpenMobile(false)}
                      >
                        <Icon aria-hidden="true" />
                        <span>{label}</span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </SidebarGroup>
        </nav>
      </SidebarContent>
      <SidebarFooter>
        <div className={cn('flex items-center gap-2', isRail && 'flex-col')}>
          <Avatar initials={initialsOf(user.name, 'AD')} data-testid="user-initials" />
          <div className={cn('min-w-0 flex-1 leading-tight', isRail && 'sr-only')}>
            <p className="truncate text-sm font-medium">{user.name?.trim() || 'Admin'}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Log out"
            title="Log out"
            className="size-8"
            disabled={isLoggingOut}
            onClick={onLogout}
          >
            <LogOut aria-hidden="true" />
          </Button>
        </div>
      </SidebarFooter>
    </>
  );
}
