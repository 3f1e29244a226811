import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderWhenVisible } from './render-when-visible';

/** An observer like a browser's for content below the fold: it reports "not in view". */
class NotInViewObserver {
  constructor(readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ target, isIntersecting: false } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RenderWhenVisible', () => {
  it('renders what is not scrolled to once the browser is idle (issue 38)', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('IntersectionObserver', NotInViewObserver);
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    render(
      <RenderWhenVisible placeholder={<p>Waiting</p>}>
        <p>The whole section</p>
      </RenderWhenVisible>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.queryByText('The whole section')).not.toBeInTheDocument();
    expect(idle).toHaveLength(1);

    await act(async () => {
      for (const callback of idle) callback({ didTimeout: false, timeRemaining: () => 50 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await screen.findByText('The whole section')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
  });
});
