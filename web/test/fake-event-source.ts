import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Stands in for the browser's EventSource (happy-dom has none): a test opens, feeds and breaks
 * each stream the page opened. Changes are dispatched inside act(), as a browser's would be
 * before React renders.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream opened since stubEventSource(), oldest first. */
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState: number = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The connection is up (the server answered with the stream). */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatch(new Event('open'));
  }

  /** One event of `type` with `data`, as `event: type` and `data: ...` lines deliver it. */
  emit(type: string, data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.dispatch(new MessageEvent(type, { data: text }));
  }

  /** The connection failed: the browser retries (CONNECTING) or, after an error answer, gives up. */
  fail({ givesUp = false }: { givesUp?: boolean } = {}): void {
    this.readyState = givesUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatch(new Event('error'));
  }

  get isClosed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  private dispatch(event: Event): void {
    act(() => {
      for (const listener of this.listeners.get(event.type) ?? []) listener(event);
    });
  }
}

/** Installs FakeEventSource as the global EventSource (web/test/setup.ts removes it after). */
export function stubEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** The stream opened last (the page's current one). */
export function latestEventSource(): FakeEventSource {
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error('No EventSource was opened');
  return source;
}
