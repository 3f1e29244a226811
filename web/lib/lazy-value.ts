/**
 * A value built on its first use and kept. For the Intl formatters and collators: the first one
 * a page builds loads the browser's locale data (15-70 ms of main thread on a desktop, four times
 * that on a phone), which a page that never formats or compares text that way need not pay while
 * it loads (decision 0022).
 */
export function lazyValue<T>(make: () => T): () => T {
  let value: { current: T } | undefined;
  return () => {
    value ??= { current: make() };
    return value.current;
  };
}
