import { SIDEBAR_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_NAME } from '@shared/limits';
import { cn } from '@web/lib/cn';
import { readCookie, writeCookie } from '@web/lib/cookies';
import { useIsMobile } from '@web/lib/use-is-mobile';
import PanelLeft from 'lucide-react/icons/panel-left';
import * as Slot from 'radix-ui/slot';
import * as VisuallyHidden from 'radix-ui/visually-hidden';
import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { Button } from './button';
import { Sheet, SheetContent, SheetTitle } from './sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

const SIDEBAR_WIDTH = '16rem';
const SIDEBAR_WIDTH_MOBILE = '18rem';
const SIDEBAR_WIDTH_ICON = '3rem';
const SIDEBAR_SHORTCUT_KEY = 'b';

type SidebarContextValue = {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

function readSavedOpen(fallback: boolean): boolean {
  const saved = readCookie(SIDEBAR_COOKIE_NAME);
  return saved === null ? fallback : saved === 'true';
}

/**
 * Holds the sidebar's open state: kept in the `sidebar_state` cookie for 7 days on wide
 * screens, a separate drawer state below 768px; Ctrl/Cmd+B toggles whichever applies.
 */
export function SidebarProvider({
  defaultOpen = true,
  className,
  style,
  children,
}: {
  defaultOpen?: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => readSavedOpen(defaultOpen));
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeCookie(SIDEBAR_COOKIE_NAME, String(value), { maxAgeSeconds: SIDEBAR_COOKIE_MAX_AGE_S });
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        style={
          {
            '--sidebar-width': SIDEBAR_WIDTH,
            '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
            '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
            ...style,
          } as CSSProperties
        }
        className={cn('flex min-h-svh w-full', className)}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** The sidebar itself: a collapsible rail on wide screens, a slide-in drawer on narrow ones. */
export function Sidebar({ label, children }: { label: string; children: ReactNode }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          aria-describedby={undefined}
          data-testid="sidebar-drawer"
          className="w-(--sidebar-width-mobile) max-w-[85vw] bg-sidebar text-sidebar-foreground"
          style={{ '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE } as CSSProperties}
        >
          <VisuallyHidden.Root>
            <SheetTitle>{label}</SheetTitle>
          </VisuallyHidden.Root>
          <div className="flex h-full w-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <aside
      aria-label={label}
      data-state={state}
      data-testid="sidebar"
      className="sticky top-0 flex h-svh w-(--sidebar-width) shrink-0 flex-col overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-linear data-[state=collapsed]:w-(--sidebar-width-icon)"
    >
      {children}
    </aside>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Toggle Sidebar"
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle Sidebar (Ctrl+B)"
      className={cn('size-8', className)}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}

/** True when the sidebar shows as the collapsed icon rail (never on the mobile drawer). */
export function useIsCollapsedRail(): boolean {
  const { state, isMobile } = useSidebar();
  return state === 'collapsed' && !isMobile;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  const isRail = useIsCollapsedRail();
  return (
    <div className={cn('flex flex-col gap-2', isRail ? 'p-1.5' : 'p-3', className)} {...props} />
  );
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto overflow-x-hidden',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  const isRail = useIsCollapsedRail();
  return (
    <div
      className={cn(
        'flex flex-col gap-2 border-t border-sidebar-border',
        isRail ? 'p-1.5' : 'p-3',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  const isRail = useIsCollapsedRail();
  return <div className={cn('flex flex-col', isRail ? 'p-1.5' : 'p-2', className)} {...props} />;
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  const isRail = useIsCollapsedRail();
  return (
    <div
      className={cn(
        'px-2 pb-1 text-xs font-medium text-muted-foreground',
        isRail && 'sr-only',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('flex flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('relative', className)} {...props} />;
}

/**
 * A menu entry: an icon and a <span> label. On the collapsed rail the label stays for screen
 * readers only and shows as a tooltip.
 */
export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  className,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean; isActive?: boolean; tooltip?: string }) {
  const isRail = useIsCollapsedRail();
  const classes = cn(
    'flex h-9 w-full items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&>svg]:size-4 [&>svg]:shrink-0 [&>span]:truncate',
    isActive && 'bg-sidebar-accent font-semibold text-sidebar-accent-foreground',
    isRail && 'justify-center px-0 [&>span]:sr-only',
    className,
  );
  const button = asChild ? (
    <Slot.Root data-active={isActive} className={classes} {...props} />
  ) : (
    <button type="button" data-active={isActive} className={classes} {...props} />
  );
  if (!tooltip || !isRail) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right">{tooltip}</TooltipContent>
    </Tooltip>
  );
}

/** The main column beside the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex min-w-0 flex-1 flex-col bg-background', className)} {...props} />;
}
