import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Import cycles between a TypeScript project's own files, counting every import: `import type` and type-only
 * specifiers, re-exports, `import()` (a lazy route, a type position). ESLint's `import-x/no-cycle` skips type imports,
 * so it cannot see a cycle such as route → app.ts → route made of types; this reads each file's imports with
 * TypeScript's own scanner and resolves them with the project's compiler options (its aliases, `.ts` extensions,
 * workspace packages), as tsc does (decision 071). Files outside the project's own folder (packages, other
 * workspaces) are not followed.
 */
export function findImportCycles(tsconfigPath: string): string[][] {
  const configPath = path.resolve(tsconfigPath);
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  const root = path.dirname(configPath);
  const isOwn = (file: string) => !path.relative(root, file).startsWith('..') && !file.includes('/node_modules/');
  const files = parsed.fileNames.filter((file) => isOwn(file) && !file.endsWith('.d.ts'));
  const cache = ts.createModuleResolutionCache(root, (name) => name, parsed.options);

  const edges = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, parsed.options, ts.sys, cache).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.resolve(resolved.resolvedFileName);
      if (isOwn(target) && !target.endsWith('.d.ts')) targets.add(target);
    }
    edges.set(file, [...targets]);
  }
  return stronglyConnected(edges).map((component) =>
    shortestCycle(component, edges).map((file) => path.relative(root, file)),
  );
}

/** Tarjan's strongly connected components: every component of more than one file (or a file importing itself). */
function stronglyConnected(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (edges.get(file) ?? []).includes(file)) components.push(component);
    }
  };
  for (const file of [...edges.keys()].sort()) if (!index.has(file)) visit(file);
  return components;
}

/** One cycle through a component, the shortest from its first file (breadth first), closed by its first file. */
function shortestCycle(component: string[], edges: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0] ?? '';
  const previous = new Map<string, string>();
  const queue = [start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const target of edges.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const cycle = [start];
        for (let step: string | undefined = file; step !== undefined && step !== start; step = previous.get(step)) {
          cycle.splice(1, 0, step);
        }
        return [...cycle, start];
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** `tsx tooling/import-cycles.ts [tsconfig…]`: prints each cycle, exits 1 when there is one (`npm run lint` runs it). */
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const projects =
    process.argv.length > 2
      ? process.argv.slice(2)
      : ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contracts/tsconfig.json'];
  let found = 0;
  for (const project of projects) {
    const cycles = findImportCycles(project);
    found += cycles.length;
    for (const cycle of cycles) console.error(`${path.dirname(project)}: import cycle ${cycle.join(' → ')}`);
  }
  console.log(`import cycles (type imports counted): ${found} in ${projects.join(', ')}`);
  process.exitCode = found > 0 ? 1 : 0;
}
