import { ApiError } from '@web/lib/api-client';
import { describe, expect, it } from 'vitest';
import {
  bodyLengthOf,
  exportFailureMessage,
  filenameFromContentDisposition,
} from './export-download';

describe('filenameFromContentDisposition', () => {
  it('reads a quoted, a bare and an RFC 6266 encoded file name', () => {
    expect(
      filenameFromContentDisposition('attachment; filename="reviews_export_2026-11-22.csv"'),
    ).toBe('reviews_export_2026-11-22.csv');
    expect(filenameFromContentDisposition('attachment; filename=comments.csv')).toBe(
      'comments.csv',
    );
    expect(
      filenameFromContentDisposition(
        `attachment; filename="fallback.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`,
      ),
    ).toBe('résumé.csv');
    expect(filenameFromContentDisposition('attachment; filename="a \\"b\\".csv"')).toBe(
      'a "b".csv',
    );
  });

  it('drops folders and answers null without a name', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/x.csv"')).toBe('x.csv');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('exportFailureMessage', () => {
  it('quotes the status text, or the status when there is none', () => {
    expect(exportFailureMessage(new ApiError(500, 'Internal Server Error', '{}'))).toBe(
      'Export failed: Internal Server Error',
    );
    expect(exportFailureMessage(new ApiError(503, '', ''))).toBe('Export failed: 503');
    expect(exportFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'Export failed: Failed to fetch',
    );
  });
});

describe('bodyLengthOf', () => {
  it('reads Content-Length, and gives none for a compressed or malformed one', () => {
    expect(bodyLengthOf(new Headers({ 'Content-Length': '4096' }))).toBe(4096);
    expect(
      bodyLengthOf(new Headers({ 'Content-Length': '4096', 'Content-Encoding': 'identity' })),
    ).toBe(4096);
    expect(bodyLengthOf(new Headers({ 'Content-Length': '900', 'Content-Encoding': 'gzip' }))).toBe(
      null,
    );
    expect(bodyLengthOf(new Headers({ 'Content-Length': '12abc' }))).toBeNull();
    expect(bodyLengthOf(new Headers())).toBeNull();
  });
});
