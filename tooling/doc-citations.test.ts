import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Nothing in the repository cites a document that is not in it (docs/conventions.md, 'Citations'): every `*.md` a
// comment or a document names exists, every decision number cited has its record, a section cited by title is a
// heading of that document, and the documents the project once kept outside (its conventions, its auth contract) are
// cited by their paths here. A citation a reader cannot open is one they cannot check.

const ROOT = path.resolve(import.meta.dirname, '..');
const DECISIONS_DIR = 'docs/decisions';
const SELF = path.relative(ROOT, import.meta.filename);

/** Documents that lived outside the repository, cited by a bare name, and what to cite instead. */
const OUTSIDE_DOCUMENTS = /\b(?:CONVENTIONS|AUTH-CONTRACT|DESIGN|DEVELOPERS)\b(?!\.md)/g;
const INSTEAD: Record<string, string> = {
  CONVENTIONS: "docs/conventions.md, '<its section>'",
  'AUTH-CONTRACT': 'docs/auth-contract.md',
  DESIGN: 'the decision that records the requirement, or the requirement itself',
  DEVELOPERS: 'the decision that records the choice',
};
/** A path ending in `.md`, not inside a URL or a longer path (`docs/x.md`, `../architecture.md`, `README.md`). */
const MARKDOWN_PATH = /(?<![\w/.@:-])((?:\.{1,2}\/)*[\w.-]+(?:\/[\w.-]+)*\.md)(?![\w/-])/g;
/** "decision 067", "decisions 022, 024 and 051", "superseded by 063": three digits, not the start of a date. */
const DECISION_NUMBERS =
  /\b(?:[Dd]ecisions?|superseded by)\s+(\d{3}(?![\d-])(?:(?:,\s*|\s+(?:and|or)\s+)\d{3}(?![\d-]))*)/g;
const DECISION_PATH = /\bdecisions\/(\d{3})(?![\d])/g;
/** `docs/conventions.md, 'Errors and their texts'`: a document's section, by its heading. */
const SECTION = /\b((?:docs\/)?[\w/.-]+\.md)\)?,\s+'([^']+)'/g;

/** Placeholders in templates and examples (`NNN-short-name.md`, `<feature>.md`), not citations. */
const isPlaceholder = (cited: string) => /NNN|<|\*/.test(cited);

const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|json|sh|ya?ml|html|css)$|^\.ci\/run$/;

/** The repository's files: tracked ones (a fresh clone's), without the lockfile, present in the working tree. */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter((file) => file && TEXT_FILE.test(file) && !file.endsWith('package-lock.json') && file !== SELF)
    .filter((file) => existsSync(path.join(ROOT, file)));
}

interface Dangling {
  at: string;
  cited: string;
  /** For a document once kept outside: what cites its successor here. */
  instead?: string;
}

function findDanglingCitations(
  files: { file: string; text: string }[],
  exists: (file: string) => boolean,
  decisions: ReadonlySet<string>,
  headingsOf: (file: string) => ReadonlySet<string>,
): Dangling[] {
  const found: Dangling[] = [];
  for (const { file, text } of files) {
    text.split('\n').forEach((line, index) => {
      const at = `${file}:${index + 1}`;
      for (const [name] of line.matchAll(OUTSIDE_DOCUMENTS)) found.push({ at, cited: name, instead: INSTEAD[name] });
      for (const [, cited] of line.matchAll(MARKDOWN_PATH)) {
        if (isPlaceholder(cited!)) continue;
        if (!exists(cited!) && !exists(path.join(path.dirname(file), cited!))) found.push({ at, cited: cited! });
      }
      for (const [, list] of line.matchAll(DECISION_NUMBERS)) {
        for (const number of list!.match(/\d{3}/g)!) {
          if (!decisions.has(number)) found.push({ at, cited: `decision ${number}` });
        }
      }
      for (const [, number] of line.matchAll(DECISION_PATH)) {
        if (!decisions.has(number!)) found.push({ at, cited: `decisions/${number}` });
      }
      for (const [, document, heading] of line.matchAll(SECTION)) {
        const target = [document!, path.join(path.dirname(file), document!)].find(exists);
        if (target && !headingsOf(target).has(heading!)) found.push({ at, cited: `${document}, '${heading}'` });
      }
    });
  }
  return found;
}

const existsInRepository = (file: string) => {
  const resolved = path.resolve(ROOT, file);
  return resolved.startsWith(ROOT + path.sep) && existsSync(resolved);
};

const headingsInRepository = (file: string) =>
  new Set([...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((match) => match[1]!));

function decisionNumbers(): Set<string> {
  return new Set(
    readdirSync(path.join(ROOT, DECISIONS_DIR))
      .map((name) => /^(\d{3})-.+\.md$/.exec(name)?.[1])
      .filter((number) => number !== undefined),
  );
}

describe('citations of documents and decisions', () => {
  it('every document, decision and section the repository cites is in the repository', () => {
    const files = repositoryFiles().map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
    expect(files.length).toBeGreaterThan(500);
    expect(findDanglingCitations(files, existsInRepository, decisionNumbers(), headingsInRepository)).toEqual([]);
  });

  it('reports what a reader could not open', () => {
    const text = [
      '// The web boundary (CONVENTIONS 13), the rate limits of shared/AUTH-CONTRACT.md, DESIGN §4.',
      '// See docs/nowhere.md, decisions 003 and 999, docs/decisions/998-gone.md, superseded by 997.',
      "// Errors are texts (docs/conventions.md, 'No such section').",
    ].join('\n');
    const decisions = new Set(['003']);
    const exists = (file: string) => file === 'docs/conventions.md';
    const headings = () => new Set(['Errors and their texts']);
    expect(
      findDanglingCitations([{ file: 'src/a.ts', text }], exists, decisions, headings).map((d) => d.cited),
    ).toEqual([
      'CONVENTIONS',
      'DESIGN',
      'shared/AUTH-CONTRACT.md',
      'docs/nowhere.md',
      'docs/decisions/998-gone.md',
      'decision 999',
      'decision 997',
      'decisions/998',
      "docs/conventions.md, 'No such section'",
    ]);
  });

  it('reads a path beside the citing file and a date after a decision, and skips templates and URLs', () => {
    const text = [
      '// The gold set (gold/README.md); decision 024, 2026-11-24; docs/decisions/NNN-short-name.md.',
      '// https://github.com/owner/repo/blob/main/README.md, <feature>.md.',
      "// (docs/conventions.md, 'Errors and their texts'), decisions 003 and 024.",
    ].join('\n');
    const exists = (file: string) => ['src/gold/README.md', 'docs/conventions.md'].includes(file);
    const headings = () => new Set(['Errors and their texts']);
    expect(findDanglingCitations([{ file: 'src/a.ts', text }], exists, new Set(['003', '024']), headings)).toEqual([]);
  });
});
