import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type ErrorDetail } from '../errors.ts';

/**
 * NUL, which PostgreSQL's text and jsonb cannot hold, or a UTF-16 surrogate without its partner, which is no
 * Unicode character at all (UTF-8 has no encoding for it). Both are valid JSON (`\u0000`, `\ud800`). Without the
 * `u` flag the expression reads code units, so it sees a lone surrogate; every other control character (tab, line
 * breaks…) is text a dream may hold.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
const NUL = '\u0000';

const MAX_DETAILS = 10;
const MESSAGE = 'must not contain NUL (U+0000) or unpaired UTF-16 surrogates (not valid Unicode text)';

/** Text that cannot be stored, wherever it came in; /api/v1 answers `invalid_text`, /auth/v1 `validation_failed`. */
export class InvalidTextError extends AppError {
  constructor(details: ErrorDetail[]) {
    super(400, 'invalid_text', details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
  }
}

export function isStorableText(text: string): boolean {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

/**
 * The paths (`body.tags.1`) of the strings, object keys included, that cannot be stored, up to ten. Iterative: a
 * deeply nested body must not overflow the stack.
 */
function findUnstorableText(value: unknown, root: string): string[] {
  const found: string[] = [];
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0 && found.length < MAX_DETAILS) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push(path);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) pending.push([current[i], `${path}.${String(i)}`]);
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i] as [string, unknown];
        // A bad key is reported with its bad characters replaced, so the message itself stays storable text.
        const at = `${path}.${key.replaceAll(NUL, '\ufffd').replace(LONE_SURROGATES, '\ufffd')}`;
        if (!isStorableText(key)) found.push(at);
        else pending.push([child, at]);
      }
    }
  }
  return found;
}

function assertStorableText(request: FastifyRequest): void {
  const paths = [
    ...findUnstorableText(request.params, 'params'),
    ...findUnstorableText(request.query, 'querystring'),
    ...findUnstorableText(request.body, 'body'),
  ].slice(0, MAX_DETAILS);
  if (paths.length > 0) throw new InvalidTextError(paths.map((path) => ({ path, message: MESSAGE })));
}

/**
 * Makes every route of `scope` registered after this call (its child scopes included) refuse, before validation and
 * so before any service runs, a path parameter, query parameter or JSON body (keys too) holding text that cannot be
 * stored. Headers need no check: Node's parser refuses NUL in them, and reads them as Latin-1, which has no
 * surrogates. Called for /api/v1 and /auth/v1, each answering the error in its own shape.
 */
export function refuseUnstorableText(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (request) => {
    assertStorableText(request);
  });
}
