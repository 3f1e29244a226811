import type { QueryClient } from '@tanstack/react-query';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

export type SaveQueueState<T> = {
  status: SaveStatus;
  /** The last failure, kept until a later save succeeds. */
  error: Error | null;
  /** The payload of the last successful save, and how many saves succeeded so far. */
  lastSaved: T | null;
  savedCount: number;
};

type Job<T> = {
  payload: T;
  run: (payload: T) => Promise<void>;
  settle: Array<(isSaved: boolean) => void>;
};

/**
 * Saves of one opportunity, one at a time, latest input wins: while a save runs, a new payload
 * waits, and a newer one replaces a waiting one (whose callers are then answered by the newer
 * save, which holds everything they had). A failed save never hides a newer waiting one.
 */
export class SaveQueue<T> {
  private state: SaveQueueState<T> = {
    status: 'idle',
    error: null,
    lastSaved: null,
    savedCount: 0,
  };
  private pending: Job<T> | null = null;
  private isRunning = false;
  private readonly listeners = new Set<() => void>();

  /** Resolves true once `payload` (or a newer one that replaced it) is saved, false on failure. */
  enqueue(payload: T, run: (payload: T) => Promise<void>): Promise<boolean> {
    return new Promise((resolve) => {
      const settle = [...(this.pending?.settle ?? []), resolve];
      this.pending = { payload, run, settle };
      if (!this.isRunning) void this.drain();
    });
  }

  getState = (): SaveQueueState<T> => this.state;

  get isSaving(): boolean {
    return this.isRunning;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(next: Partial<SaveQueueState<T>>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private async drain(): Promise<void> {
    this.isRunning = true;
    while (this.pending) {
      const job = this.pending;
      this.pending = null;
      this.setState({ status: 'saving' });
      let isSaved = false;
      try {
        await job.run(job.payload);
        isSaved = true;
        this.setState({
          status: this.pending ? 'saving' : 'saved',
          error: null,
          lastSaved: job.payload,
          savedCount: this.state.savedCount + 1,
        });
      } catch (error) {
        this.setState({
          status: this.pending ? 'saving' : 'failed',
          error: error instanceof Error ? error : new Error(String(error)),
        });
      }
      for (const settle of job.settle) settle(isSaved);
    }
    this.isRunning = false;
  }
}

// One queue per opportunity and user, per application instance (QueryClient), so a save started
// on a page that has since closed still runs before the next one for the same opportunity.
const queuesByClient = new WeakMap<QueryClient, Map<string, SaveQueue<unknown>>>();

export function saveQueueFor<T>(queryClient: QueryClient, key: string): SaveQueue<T> {
  let queues = queuesByClient.get(queryClient);
  if (!queues) {
    queues = new Map();
    queuesByClient.set(queryClient, queues);
  }
  let queue = queues.get(key);
  if (!queue) {
    queue = new SaveQueue<unknown>();
    queues.set(key, queue);
  }
  return queue as SaveQueue<T>;
}
