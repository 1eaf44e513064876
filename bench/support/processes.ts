// What a server costs the machine, read from /proc (Linux): the memory and CPU time of a process and its
// descendants (the embedded database runs as child processes of the server), and the size of a data directory.
import { execFileSync } from 'node:child_process';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
async function statFields(pid: number): Promise<string[] | null> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone
  }
}

/** `pid` and every live descendant of it. */
export async function processTree(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = await statFields(Number(entry));
    // Fields after the name: state, ppid, …
    const ppid = Number(fields?.[1]);
    if (!fields || !ppid) continue;
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** User + system CPU seconds the processes have used so far (processes that are gone count 0). */
export async function cpuSeconds(pids: readonly number[]): Promise<Map<number, number>> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    const fields = await statFields(pid);
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
    if (fields) seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
  }
  return seconds;
}

/** CPU seconds used between two readings, over the processes of the second (new processes count from 0). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

export interface Memory {
  /** Proportional set size: shared pages split between the processes sharing them (sums meaningfully). */
  pss: number;
  /** Resident set size: shared pages counted in every process (the sum overstates). */
  rss: number;
  processes: number;
}

/** PSS and RSS summed over the processes, in bytes, from /proc/<pid>/smaps_rollup. */
export async function memoryOf(pids: readonly number[]): Promise<Memory> {
  const memory: Memory = { pss: 0, rss: 0, processes: 0 };
  for (const pid of pids) {
    let text: string;
    try {
      text = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    } catch {
      continue;
    }
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    memory.pss += kib('Pss');
    memory.rss += kib('Rss');
    memory.processes += 1;
  }
  return memory;
}

export interface DirSize {
  /** Bytes allocated on disk (as `du` counts them). */
  total: number;
  /** Of which in PostgreSQL write-ahead logs (any `pg_wal` folder inside). */
  wal: number;
}

/** Disk usage of a directory tree, with the WAL apart. Files that vanish while it is walked are skipped. */
export async function dirSize(dir: string): Promise<DirSize> {
  const size: DirSize = { total: 0, wal: 0 };
  async function walk(current: string, inWal: boolean) {
    let entries: string[];
    try {
      entries = await readdir(current);
    } catch {
      return;
    }
    for (const name of entries) {
      const full = path.join(current, name);
      try {
        const stat = await lstat(full);
        const bytes = stat.blocks * 512;
        size.total += bytes;
        if (inWal) size.wal += bytes;
        if (stat.isDirectory()) await walk(full, inWal || name === 'pg_wal');
      } catch {
        // removed meanwhile (a recycled WAL segment, a temp file)
      }
    }
  }
  await walk(dir, false);
  return size;
}

/** The 1-, 5- and 15-minute load averages, as `uptime` shows them. */
export async function loadAverage(): Promise<string> {
  const text = await readFile('/proc/loadavg', 'utf8');
  return text.split(' ').slice(0, 3).join(' ');
}
