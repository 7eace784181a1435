import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The repository's documentation stands on its own: nothing cites a document that is not in the
 * repository, and every link to a page of docs/ (and to a heading of it) lands. The product's
 * rules are in docs/product/, the decisions in docs/decisions/.
 */

const root = path.resolve(import.meta.dirname, '..');
const skippedDirectories = new Set([
  'node_modules',
  'dist',
  'data',
  '.git',
  '.test-data',
  '.scratch',
]);
const binaryExtensions = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|pdf|gz|br|zst|wasm|tar|zip)$/i;

// Spelled in pieces so that this file does not name them itself.
const outsideDocuments = ['SPEC', 'DESIGN'].map((name) => `${name}.md`);
const outsideFolder = ['..', 'shared', ''].join('/');

/** Files a clone has: git's tracked and not-ignored files, or a walk when git is not there. */
function repositoryFiles(): string[] {
  try {
    const listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return listed
      .split('\0')
      .filter((file) => file !== '' && !skippedDirectories.has(file.split('/')[0]!))
      .filter((file) => fs.existsSync(path.join(root, file)));
  } catch {
    const files: string[] = [];
    const walk = (directory: string) => {
      for (const entry of fs.readdirSync(path.join(root, directory), { withFileTypes: true })) {
        const relative = directory ? `${directory}/${entry.name}` : entry.name;
        if (entry.isDirectory() && !skippedDirectories.has(entry.name)) walk(relative);
        else if (entry.isFile()) files.push(relative);
      }
    };
    walk('');
    return files;
  }
}

const textFiles = new Map<string, string>();
for (const file of repositoryFiles()) {
  if (binaryExtensions.test(file)) continue;
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  if (!text.includes('\0')) textFiles.set(file, text);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown page's headings (outside code fences), duplicates numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let isInFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) isInFence = !isInFence;
    const heading = isInFence ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

type Link = { from: string; target: string };

/**
 * Every link to a repository page: Markdown links in .md files (relative to the page), and
 * `docs/….md#anchor` paths anywhere (relative to the repository's root, as code comments write them).
 */
function repositoryLinks(): Link[] {
  const links: Link[] = [];
  for (const [file, text] of textFiles) {
    const directory = path.posix.dirname(file);
    if (file.endsWith('.md')) {
      for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const href = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue;
        const [pathPart, anchor] = href.split('#');
        const target = pathPart ? path.posix.normalize(path.posix.join(directory, pathPart)) : file;
        links.push({ from: file, target: anchor === undefined ? target : `${target}#${anchor}` });
      }
    }
    for (const match of text.matchAll(/(?<![\w./-])docs\/[\w./-]*?\.md(?:#[\w-]+)?/g)) {
      links.push({ from: file, target: match[0] });
    }
  }
  return links;
}

describe('the documentation stands on its own', () => {
  it('has files to check', () => {
    expect(textFiles.has('docs/architecture.md')).toBe(true);
    expect(textFiles.has('docs/product/README.md')).toBe(true);
  });

  it('cites no document from outside the repository', () => {
    const citations: string[] = [];
    for (const [file, text] of textFiles) {
      text.split('\n').forEach((line, index) => {
        if ([...outsideDocuments, outsideFolder].some((name) => line.includes(name))) {
          citations.push(`${file}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(citations).toEqual([]);
  });

  it('links only to pages and headings that exist', () => {
    const broken: string[] = [];
    const anchorCache = new Map<string, Set<string>>();
    for (const { from, target } of repositoryLinks()) {
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const absolute = path.join(root, file);
      if (file.startsWith('..') || !fs.existsSync(absolute)) {
        broken.push(`${from}: ${target} (no such file)`);
        continue;
      }
      if (!anchor || !file.endsWith('.md')) continue;
      let anchors = anchorCache.get(file);
      if (!anchors) {
        anchors = anchorsOf(textFiles.get(file) ?? fs.readFileSync(absolute, 'utf8'));
        anchorCache.set(file, anchors);
      }
      if (!anchors.has(anchor)) broken.push(`${from}: ${target} (no heading #${anchor})`);
    }
    expect(broken).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(headingSlug('Scoring (`instruments.scoring.ts`, pure)')).toBe(
      'scoring-instrumentsscoringts-pure',
    );
    expect(headingSlug('Topics, contributors and activity')).toBe(
      'topics-contributors-and-activity',
    );
    expect([...anchorsOf('# A\n## Timing\n```\n# not a heading\n```\n## Timing\n')]).toEqual([
      'a',
      'timing',
      'timing-1',
    ]);
  });
});
