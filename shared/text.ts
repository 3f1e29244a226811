/** Cuts text to `max` characters, adding an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Up to two initials from the words of a name, or the fallback. */
export function initialsOf(name: string | null | undefined, fallback: string): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fallback;
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

// PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate cannot be encoded as UTF-8, so
// either would be refused or altered by the database: such text is refused to stay byte-identical.
export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain NUL characters or lone surrogates';

export const isStorableText = (text: string) => !text.includes('\0') && !/\p{Cs}/u.test(text);

/**
 * The dotted path of every string (key or value) in a parsed JSON value that is not storable
 * text; '' names the value itself. At most `limit` findings. Iterative, so that deeply nested
 * input cannot overflow the stack.
 */
export function findUnstorableText(value: unknown, limit = 10): string[] {
  const found: string[] = [];
  const pending: Array<[node: unknown, path: string]> = [[value, '']];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (pending.length > 0 && found.length < limit) {
    const [node, path] = pending.pop()!;
    if (typeof node === 'string') {
      if (!isStorableText(node)) found.push(path);
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) {
        pending.push([node[index], join(path, String(index))]);
      }
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node).reverse()) {
        if (!isStorableText(key)) found.push(join(path, key));
        else pending.push([item, join(path, key)]);
      }
    }
  }
  return found.slice(0, limit);
}
