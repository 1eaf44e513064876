import { ConfigError, StartupError, type Config } from './config.ts';
import { firstLine } from './startup/preflight.ts';

/** File-system refusals an operator fixes by changing DATA_DIR, not by reading a stack trace. */
const FILE_SYSTEM_CODES: Record<string, string> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a part of the path is a file, not a folder',
};

/**
 * The sentence naming what to fix for a failure the operator must fix (a StartupError, a ConfigError, or the file
 * system refusing DATA_DIR), or null for anything else. The server's start and `npm run admin` both print it.
 */
export function describeFailure(error: unknown, config: Pick<Config, 'dataDir'>): string | null {
  if (error instanceof StartupError) return error.message;
  if (error instanceof ConfigError) {
    return `The configuration is invalid: ${error.issues.join('; ')}. Fix these variables (see .env.example).`;
  }
  const { code, path, syscall } = error as NodeJS.ErrnoException;
  const reason = code ? FILE_SYSTEM_CODES[code] : undefined;
  if (!reason) return null;
  const where = path ? ` ${path}` : '';
  return (
    `cannot ${syscall ?? 'write'}${where}: ${reason} (${String(code)}). ` +
    `DATA_DIR (${config.dataDir}) must be a folder the server can write to.`
  );
}

/** describeFailure as the server's start prints it, or null for an error nobody foresaw. */
export function describeStartupFailure(error: unknown, config: Pick<Config, 'dataDir'>): string | null {
  const sentence = describeFailure(error, config);
  return sentence === null ? null : `Sonhário cannot start: ${sentence}`;
}

/** describeStartupFailure, or for an error nobody foresaw its first line and where to find the rest: never a stack. */
export function startupFailureSentence(error: unknown, config: Pick<Config, 'dataDir'>): string {
  return (
    describeStartupFailure(error, config) ??
    `Sonhário cannot start: ${firstLine(error)} (LOG_LEVEL=debug prints the details).`
  );
}
