import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images, users } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { unknownId } from '../../test/factories/sequence';
import {
  createSignedInUser,
  imageUpload,
  multipartBody,
  send,
  setupAccess,
  signIn,
} from '../../test/http';

const ctx = setupTestApp();
const access = setupAccess(ctx);

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

function upload(body: { payload: Buffer; headers: Record<string, string> }, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/upload-image',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

const uploadAsAdmin = (body: Parameters<typeof upload>[0]) => upload(body, access.admin.cookie);

function getImage(url: string, cookie?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function imageRow(url: string) {
  const id = url.split('/').at(-1)!;
  const [row] = await ctx.db.select().from(images).where(eq(images.id, id));
  return row;
}

describe('POST /api/admin/upload-image', () => {
  it('refuses anonymous (401), reviewers (403) and inactive admins (403)', async () => {
    const body = imageUpload(await solid(100, 100).png().toBuffer());
    await expectAdminOnly(
      ctx.app,
      access,
      { method: 'POST', url: '/api/admin/upload-image', payload: body.payload },
      body.headers,
    );
  });

  it('stores a square PNG (201) and serves it back to a signed-in reviewer', async () => {
    const png = await solid(100, 100).png().toBuffer();
    const response = await uploadAsAdmin(imageUpload(png));
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const row = await imageRow(url);
    expect(row).toMatchObject({
      contentType: 'image/png',
      width: 100,
      height: 100,
      createdById: access.admin.user.id,
    });
    expect(row!.byteSize).toBe(row!.bytes.length);

    const reviewer = await createSignedInUser(ctx.app, ctx.db, 'reviewer');
    const served = await getImage(url, reviewer.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.rawPayload.equals(row!.bytes)).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 100,
      height: 100,
    });
  });

  it('accepts a 4:3 JPEG, a WebP and ratios within the 0.1 tolerance', async () => {
    const jpeg = await uploadAsAdmin(
      imageUpload(await solid(400, 300).jpeg().toBuffer(), 'photo.jpg', 'image/jpeg'),
    );
    expect(jpeg.statusCode).toBe(201);
    expect(await imageRow(jpeg.json().url)).toMatchObject({
      contentType: 'image/jpeg',
      width: 400,
      height: 300,
    });
    const webp = await uploadAsAdmin(
      imageUpload(await solid(200, 200).webp().toBuffer(), 'a.webp', 'image/webp'),
    );
    expect(webp.statusCode).toBe(201);
    expect((await imageRow(webp.json().url))?.contentType).toBe('image/webp');
    // 1.09 and 1.42 are within 0.1 of 1 and of 4/3.
    for (const [w, h] of [
      [109, 100],
      [142, 100],
    ] as const) {
      const ok = await uploadAsAdmin(imageUpload(await solid(w, h).png().toBuffer()));
      expect(ok.statusCode, `${w}x${h}`).toBe(201);
    }
  });

  it('removes EXIF/GPS metadata and applies the orientation', async () => {
    const jpeg = await solid(300, 400)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret-owner', Artist: 'Someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const response = await uploadAsAdmin(imageUpload(jpeg, 'rotated.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(201);
    const served = await getImage(response.json().url, access.admin.cookie);
    const after = await sharp(served.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // 300x400 turned upright by orientation 6 is 400x300 (4:3).
    expect([after.width, after.height]).toEqual([400, 300]);
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('refuses a wrong aspect ratio with 400', async () => {
    const wide = await uploadAsAdmin(imageUpload(await solid(160, 90).png().toBuffer()));
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toEqual({ message: 'Image must be square (1:1) or 4:3 aspect ratio' });
    const tall = await uploadAsAdmin(imageUpload(await solid(100, 200).png().toBuffer()));
    expect(tall.statusCode).toBe(400);
  });

  it('refuses a file over 1 MiB with 413 and stores nothing', async () => {
    const countBefore = (await ctx.db.select({ id: images.id }).from(images)).length;
    const big = Buffer.concat([
      await solid(100, 100).png().toBuffer(),
      randomBytes(Math.ceil(1.1 * 1024 * 1024)),
    ]);
    const response = await uploadAsAdmin(imageUpload(big));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Image must be less than 1MB' });
    expect((await ctx.db.select({ id: images.id }).from(images)).length).toBe(countBefore);
  });

  it('refuses what does not fully decode as PNG, JPEG or WebP with 415', async () => {
    const png = await solid(100, 100).png().toBuffer();
    const cases: Array<[string, Buffer, string]> = [
      ['text renamed .png', Buffer.from('just some text, not an image'), 'x.png'],
      ['truncated PNG', png.subarray(0, Math.floor(png.length / 2)), 'half.png'],
      ['GIF', await solid(100, 100).gif().toBuffer(), 'a.gif'],
      [
        'SVG',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
        ),
        'a.svg',
      ],
      ['empty file', Buffer.alloc(0), 'empty.png'],
    ];
    for (const [label, bytes, filename] of cases) {
      const response = await uploadAsAdmin(imageUpload(bytes, filename, 'image/png'));
      expect(response.statusCode, label).toBe(415);
      expect(response.json().message).toMatch(/Please upload an image file/);
    }
  });

  it('needs a multipart body with an image field (415 / 400)', async () => {
    const json = await send(ctx.app, {
      method: 'POST',
      url: '/api/admin/upload-image',
      cookie: access.admin.cookie,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const png = await solid(100, 100).png().toBuffer();
    const wrongField = await uploadAsAdmin(
      multipartBody([{ name: 'file', content: png, filename: 'a.png', contentType: 'image/png' }]),
    );
    expect(wrongField.statusCode).toBe(400);
    const noFile = await uploadAsAdmin(multipartBody([{ name: 'note', content: 'hello' }]));
    expect(noFile.statusCode).toBe(400);
  });
});

/** A PNG of width x height 1-bit grey pixels, all zero: tiny once deflated, huge once decoded. */
async function zeroPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte + packed pixels
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function countImages() {
  return (await ctx.db.select({ id: images.id }).from(images)).length;
}

describe('hostile uploads', () => {
  it('refuses HTML disguised as a PNG, and a truncated JPEG, with 415 and stores nothing', async () => {
    const before = await countImages();
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    const cases: Array<[string, Buffer, string, string]> = [
      [
        'HTML named .png',
        Buffer.from(
          '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
        ),
        'x.png',
        'image/png',
      ],
      [
        'HTML behind PNG magic bytes',
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.from('<html><script>alert(1)</script></html>'),
        ]),
        'y.png',
        'image/png',
      ],
      ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'cut.jpg', 'image/jpeg'],
    ];
    for (const [label, bytes, filename, type] of cases) {
      const response = await uploadAsAdmin(imageUpload(bytes, filename, type));
      expect(response.statusCode, label).toBe(415);
    }
    expect(await countImages()).toBe(before);
  });

  it('cleans a PNG/HTML polyglot: served re-encoded, without the HTML, as image/png + nosniff', async () => {
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const polyglot = Buffer.concat([await solid(100, 100).png().toBuffer(), Buffer.from(html)]);
    expect((await sharp(polyglot).metadata()).format).toBe('png');
    const response = await uploadAsAdmin(imageUpload(polyglot, 'poly.png', 'text/html'));
    // The decodable PNG is accepted; re-encoding keeps the pixels and nothing after IEND.
    expect(response.statusCode).toBe(201);
    const served = await getImage(response.json().url, access.admin.cookie);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('<html'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses a decompression bomb (a tiny 30000x30000 PNG) without decoding it', async () => {
    const bomb = await zeroPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const metadata = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([metadata.width, metadata.height]).toEqual([30_000, 30_000]);
    const before = await countImages();
    const response = await uploadAsAdmin(imageUpload(bomb, 'bomb.png', 'image/png'));
    expect([400, 413, 415]).toContain(response.statusCode);
    expect(response.json()).toHaveProperty('message');
    expect(await countImages()).toBe(before);
  });

  it('drops EXIF (GPS included) from PNG and WebP too', async () => {
    const exif = {
      IFD0: { Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    };
    for (const [format, bytes] of [
      ['png', await solid(100, 100).png().withExif(exif).toBuffer()],
      ['webp', await solid(100, 100).webp().withExif(exif).toBuffer()],
    ] as const) {
      expect((await sharp(bytes).metadata()).exif, format).toBeDefined();
      const response = await uploadAsAdmin(imageUpload(bytes, `a.${format}`, `image/${format}`));
      expect(response.statusCode, format).toBe(201);
      const served = await getImage(response.json().url, access.admin.cookie);
      expect(served.headers['content-type']).toBe(`image/${format}`);
      const after = await sharp(served.rawPayload).metadata();
      expect(after.exif, format).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('secret-owner')), format).toBe(false);
    }
  });
});

describe('GET /api/images/{id}', () => {
  it('answers 401 anonymous, 403 deactivated, 404 unknown, 400 for a bad id', async () => {
    const png = await solid(100, 100).png().toBuffer();
    const { url } = (await uploadAsAdmin(imageUpload(png))).json();
    expect((await getImage(url)).statusCode).toBe(401);
    const reviewer = await createSignedInUser(ctx.app, ctx.db, 'reviewer');
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, reviewer.user.id));
    expect((await getImage(url, reviewer.cookie)).statusCode).toBe(403);
    const unknown = await getImage(`/api/images/${unknownId()}`, access.admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Image not found' });
    expect((await getImage('/api/images/nope', access.admin.cookie)).statusCode).toBe(400);
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, reviewer.user.id));
    const again = await signIn(ctx.app, reviewer.user);
    expect((await getImage(url, again)).statusCode).toBe(200);
  });
});

describe('GET /api/images/{id}?w=', () => {
  it('serves the image narrowed to a listed width, in its own format, never enlarged', async () => {
    const jpeg = await solid(1600, 1200).jpeg().toBuffer();
    const { url } = (await uploadAsAdmin(imageUpload(jpeg))).json();
    const full = await getImage(url, access.reviewerCookie);
    expect(full.statusCode).toBe(200);
    for (const width of [320, 640, 960, 1280]) {
      const narrow = await getImage(`${url}?w=${width}`, access.reviewerCookie);
      expect(narrow.statusCode).toBe(200);
      expect(narrow.headers['content-type']).toBe('image/jpeg');
      expect(narrow.headers['cache-control']).toContain('immutable');
      const metadata = await sharp(narrow.rawPayload).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: 'jpeg',
        width,
        height: (width * 3) / 4,
      });
      expect(narrow.rawPayload.length).toBeLessThan(full.rawPayload.length);
    }
    // Asked twice, the same bytes (from the cache).
    const again = await getImage(`${url}?w=320`, access.reviewerCookie);
    expect((await sharp(again.rawPayload).metadata()).width).toBe(320);

    const small = await solid(300, 300).png().toBuffer();
    const smallUrl = (await uploadAsAdmin(imageUpload(small))).json().url;
    const notEnlarged = await getImage(`${smallUrl}?w=640`, access.reviewerCookie);
    expect(notEnlarged.statusCode).toBe(200);
    expect((await sharp(notEnlarged.rawPayload).metadata()).width).toBe(300);
  });

  it('refuses a width that is not listed with 400, and still needs a signed-in user', async () => {
    const png = await solid(400, 300).png().toBuffer();
    const { url } = (await uploadAsAdmin(imageUpload(png))).json();
    for (const width of ['100', '0', '-640', 'wide', '640.5', '99999']) {
      const response = await getImage(`${url}?w=${width}`, access.reviewerCookie);
      expect(response.statusCode, width).toBe(400);
      expect(response.json().message).toContain('Width must be one of 320, 640, 960, 1280');
    }
    expect((await getImage(`${url}?w=320`)).statusCode).toBe(401);
  });
});
