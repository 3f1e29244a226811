import { Button } from '@web/components/ui/button';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The link above a page's heading back to the page it belongs to ("← Results"). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2">
      <Link href={href}>
        <ArrowLeft aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

/** A page header's link to a related page, drawn as an outline button with its icon. */
export function HeaderLink({
  href,
  icon,
  children,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button asChild variant="outline">
      <Link href={href}>
        {icon}
        {children}
      </Link>
    </Button>
  );
}
