import { StartupError, type Config } from './config.ts';

/** File-system refusals an operator fixes by changing DATA_DIR, not by reading a stack trace. */
const FILE_SYSTEM_CODES: Record<string, string> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a part of the path is a file, not a folder',
};

/**
 * The one sentence the server prints when it cannot start for a reason the operator must fix (a StartupError, or the
 * file system refusing DATA_DIR), or null for anything else, which keeps its stack trace.
 */
export function describeStartupFailure(error: unknown, config: Pick<Config, 'dataDir'>): string | null {
  if (error instanceof StartupError) return `Sonhário cannot start: ${error.message}`;
  const { code, path, syscall } = error as NodeJS.ErrnoException;
  const reason = code ? FILE_SYSTEM_CODES[code] : undefined;
  if (!reason) return null;
  const where = path ? ` ${path}` : '';
  return (
    `Sonhário cannot start: cannot ${syscall ?? 'write'}${where}: ${reason} (${String(code)}). ` +
    `DATA_DIR (${config.dataDir}) must be a folder the server can write to.`
  );
}
