import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Where the server (no SMTP_URL) writes each email as an .eml file (CONTRACT.md). */
const mailDir = () => path.join(process.env.E2E_DATA_DIR!, 'mail');

export type DroppedEmail = { file: string; to: string; subject: string; text: string };

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The text/plain part of a (possibly multipart) message, decoded. */
function textPartOf(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /^Content-Type: text\/plain/im.test(p)) ?? raw;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function readEmail(file: string): DroppedEmail {
  const raw = fs.readFileSync(path.join(mailDir(), file), 'utf8');
  const headerEnd = raw.search(/\r?\n\r?\n/);
  // Folded header lines continue with whitespace.
  const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
  return {
    file,
    to: /^To:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '',
    subject: /^Subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '',
    text: textPartOf(raw),
  };
}

/** The emails dropped so far to `address` (oldest first; file names start with the time). */
export function emailsTo(address: string): DroppedEmail[] {
  if (!fs.existsSync(mailDir())) return [];
  return fs
    .readdirSync(mailDir())
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map(readEmail)
    .filter((email) => email.to.toLowerCase().includes(address.toLowerCase()));
}

/**
 * Waits until the worker (polling every 5 s) has written the `count`-th email to `address`, and
 * returns the /invite/{token} path of the newest one.
 */
export async function waitForInvitationLink(address: string, count = 1): Promise<string> {
  await expect
    .poll(() => emailsTo(address).length, { timeout: 20_000, intervals: [500] })
    .toBeGreaterThanOrEqual(count);
  const email = emailsTo(address)[count - 1]!;
  const link = /https?:\/\/[^\s/]+(\/invite\/[A-Za-z0-9_-]+)/.exec(email.text)?.[1];
  expect(link, `no invitation link in ${email.file}:\n${email.text}`).toBeTruthy();
  return link!;
}
