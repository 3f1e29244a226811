import { describe, expect, it } from 'vitest';
import { partsOf } from './post-text';

const ann = { handle: 'u1', label: 'Ann', role: 'reviewer' as const };
const annLee = { handle: 'u2', label: 'Ann Lee', role: 'reviewer' as const };

describe('partsOf', () => {
  it('keeps plain text whole, markup included, as text', () => {
    expect(partsOf('<b>bold</b>\nnext line')).toEqual([
      { kind: 'text', text: '<b>bold</b>\nnext line' },
    ]);
  });

  it('makes http and https addresses links, without the sentence punctuation after them', () => {
    expect(partsOf('See https://example.org/a?b=1. And (http://x.test/path) too')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: '. And (' },
      { kind: 'link', text: 'http://x.test/path', href: 'http://x.test/path' },
      { kind: 'text', text: ') too' },
    ]);
  });

  it('keeps a bracket that belongs to the address', () => {
    expect(partsOf('https://en.wikipedia.org/wiki/Kite_(bird)')).toEqual([
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Kite_(bird)',
        href: 'https://en.wikipedia.org/wiki/Kite_(bird)',
      },
    ]);
  });

  it('links nothing but http(s): javascript:, data: and bare words stay text', () => {
    const text = 'javascript:alert(1) data:text/html,<script> www.example.org https://';
    expect(partsOf(text)).toEqual([{ kind: 'text', text }]);
  });

  it('marks the mentions of the people mentioned, the longest label first', () => {
    expect(
      partsOf('Thanks @Ann Lee and @Ann, not ann@example.org or @Annabel', [ann, annLee]),
    ).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', text: '@Ann Lee' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', text: '@Ann' },
      { kind: 'text', text: ', not ann@example.org or @Annabel' },
    ]);
  });
});
