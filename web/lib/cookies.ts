export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return null;
}

export function writeCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; path?: string },
): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-HttpOnly UI preference cookie.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${
    options.path ?? '/'
  }; max-age=${options.maxAgeSeconds}; SameSite=Lax`;
}
