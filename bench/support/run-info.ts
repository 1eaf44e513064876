import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';

/** The machine's load averages (1, 5, 15 min), as a bench prints them beside its ratios. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The commit a bench ran on ('?' outside a git checkout). */
export function currentCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}
