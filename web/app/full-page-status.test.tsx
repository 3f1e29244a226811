import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FullPageLoading } from './full-page-status';

describe('the first paint of index.html', () => {
  it('is the loading state the app shows next, so the page paints before its code has run', () => {
    // issue 17: a phone otherwise shows a blank page until the app's JavaScript has loaded and run.
    const html = fs.readFileSync(path.resolve('web/index.html'), 'utf8');
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/.exec(html)?.[1];
    const normalise = (markup: string) => markup.replace(/>\s+</g, '><').trim();
    expect(normalise(root ?? '')).toBe(renderToStaticMarkup(<FullPageLoading />));
  });
});
