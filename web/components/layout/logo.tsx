import { cn } from '@web/lib/cn';

/** The product mark: a stylised "A" on the primary colour. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8 shrink-0', className)}
    >
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M16 6 25 24h-4.2l-1.6-3.4h-6.4L11.2 24H7L16 6Zm0 8.2-1.8 3.9h3.6L16 14.2Z"
        className="fill-primary-foreground"
      />
    </svg>
  );
}

/** 'Assay' with its mark; `compact` shows the mark only (the name stays for screen readers). */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className={cn('text-lg font-semibold tracking-tight', compact && 'sr-only')}>
        Assay
      </span>
    </span>
  );
}
