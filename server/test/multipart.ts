import { randomBytes } from 'node:crypto';

export type MultipartPart = {
  name: string;
  content: Buffer | string;
  filename?: string;
  contentType?: string;
};

/** A multipart/form-data body built by hand, for app.inject (which takes a Buffer payload). */
export function multipartBody(parts: MultipartPart[]) {
  const boundary = `----assay-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.filename) head.push(`Content-Type: ${part.contentType ?? 'application/octet-stream'}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The usual upload: one file in the `image` field. */
export function imageUpload(content: Buffer, filename = 'image.png', contentType = 'image/png') {
  return multipartBody([{ name: 'image', content, filename, contentType }]);
}
