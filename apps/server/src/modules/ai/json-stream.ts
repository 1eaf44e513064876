// Models stream their JSON answer a few characters at a time; the UI wants the prose (summary, interpretation)
// as it is written, long before the object is complete and parseable. This scanner follows the JSON structure
// just enough to know when it is inside one of the wanted top-level string values, and decodes those.

export interface JsonFieldStream {
  /** Feeds the next raw chunk of JSON text, split anywhere (inside keys, escapes, \uXXXX, surrogate pairs). */
  write(chunk: string): void;
}

type StringRole = 'key' | 'wanted' | 'other';

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  '"': '"',
  '\\': '\\',
  '/': '/',
};

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Calls `onDelta(field, text)` with the newly decoded characters of the top-level string values named in
 * `fields`, at most once per field per `write`. Concatenating the deltas of a field gives its decoded value.
 * Only the first occurrence of a field counts (a repeated key would otherwise append its text twice), and
 * anything before the opening `{` (a markdown fence, a preamble) is skipped.
 */
export function createJsonFieldStream<F extends string>(
  fields: readonly F[],
  onDelta: (field: F, text: string) => void,
): JsonFieldStream {
  const wanted = new Set<string>(fields);
  const seen = new Set<string>();
  let started = false;
  let depth = 0;
  let expectKey = false;
  let lastKey = '';
  let inString = false;
  let role: StringRole = 'other';
  let key = '';
  let field: F | null = null;
  // Undecoded tail of an escape sequence that a chunk boundary cut: '\\' or '\\u' plus up to 3 hex digits.
  let escape = '';
  // Decoded text of the current wanted value not yet handed to onDelta.
  let pending = '';

  const flush = (final: boolean) => {
    if (!field || !pending) return;
    let text = pending;
    // A lone high surrogate would reach the client as U+FFFD; hold it until its low half arrives.
    if (!final && isHighSurrogate(text.charCodeAt(text.length - 1))) text = text.slice(0, -1);
    pending = pending.slice(text.length);
    if (text) onDelta(field, text);
  };

  const append = (decoded: string) => {
    if (role === 'key') key += decoded;
    else if (role === 'wanted') pending += decoded;
  };

  const openString = () => {
    inString = true;
    if (depth === 1 && expectKey) {
      role = 'key';
      key = '';
    } else if (depth === 1 && wanted.has(lastKey) && !seen.has(lastKey)) {
      role = 'wanted';
      seen.add(lastKey);
      field = lastKey as F;
    } else role = 'other';
  };

  const closeString = () => {
    inString = false;
    if (role === 'key') lastKey = key;
    if (role === 'wanted') {
      flush(true);
      field = null;
    }
    role = 'other';
  };

  const structural = (char: string) => {
    switch (char) {
      case '"':
        openString();
        break;
      case '{':
      case '[':
        depth++;
        expectKey = char === '{' && depth === 1;
        break;
      case '}':
      case ']':
        depth--;
        break;
      case ',':
        if (depth === 1) expectKey = true;
        break;
      case ':':
        if (depth === 1) expectKey = false;
        break;
    }
  };

  const writeChar = (char: string) => {
    if (escape) {
      escape += char;
      if (escape.length === 2 && char !== 'u') {
        append(SIMPLE_ESCAPES[char] ?? char);
        escape = '';
      } else if (escape.length === 6) {
        const code = Number.parseInt(escape.slice(2), 16);
        append(Number.isNaN(code) ? '' : String.fromCharCode(code));
        escape = '';
      }
      return;
    }
    if (char === '\\') escape = '\\';
    else if (char === '"') closeString();
    else append(char);
  };

  return {
    write(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const char = chunk.charAt(i);
        if (!started) {
          if (char !== '{') continue;
          started = true;
        }
        if (inString) {
          // Plain runs are copied in one slice: most of a long interpretation is plain text.
          if (!escape && role !== 'other') {
            let end = i;
            while (end < chunk.length && chunk[end] !== '\\' && chunk[end] !== '"') end++;
            if (end > i) {
              append(chunk.slice(i, end));
              i = end - 1;
              continue;
            }
          }
          writeChar(char);
        } else if (depth > 0 || char === '{') structural(char);
      }
      flush(false);
    },
  };
}
