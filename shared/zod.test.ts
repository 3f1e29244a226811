import { describe, expect, it } from 'vitest';
import { config } from 'zod';
import './zod';

describe('zod on the server', () => {
  it('keeps its compiled parsers (only a page with a document turns them off)', () => {
    expect(config().jitless).toBeFalsy();
  });
});
