import { describe, expect, it } from 'vitest';
import { config } from 'zod';
import './zod-jitless';

describe('zod in the browser', () => {
  it('never probes for eval, which the Content-Security-Policy forbids', () => {
    expect(config().jitless).toBe(true);
  });
});
