import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@shared/limits';
import { type ReactNode, useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds on screen; TOAST_DURATION_MS (5 s) when omitted. */
  duration?: number;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

/*
 * Radix Toast has no limit option, so the list lives here: a toast is added, updated,
 * dismissed (closed, kept for its exit) and removed TOAST_REMOVE_DELAY_MS later. At most
 * TOAST_LIMIT toasts are kept, newest first.
 */
let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function commit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    commit(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removeTimers.set(id, timer);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  commit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Forgets every toast at once (tests, and nothing else, need this). */
export function clearToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  commit([]);
}

/** Shows a toast: `toast({ title, description, variant: 'destructive', duration })`. */
export function toast(input: ToastInput): {
  id: string;
  dismiss: () => void;
  update: (next: ToastInput) => void;
} {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  commit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => commit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => toasts;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Hook form of the API, for components that prefer it. */
export function useToast() {
  return { toasts: useToasts(), toast, dismiss: dismissToast };
}
