import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenCitations, brokenLinks, codeFiles, markdownFiles, outsideCitations, slug } from './doc-links.ts';

// Relative links in README.md and docs/ point at files that exist and at headings they have.

describe('the link check bites (fixture)', () => {
  it('makes GitHub’s anchors', () => {
    expect(slug('Set-up: Stripe')).toBe('set-up-stripe');
    expect(slug('Listening address (`HOST`)')).toBe('listening-address-host');
    expect(slug('Tasks and images')).toBe('tasks-and-images');
  });

  it('reports a missing file, a missing heading and a decision label for another decision, and nothing else', async () => {
    const broken = await brokenLinks(path.resolve('tests/fixtures/doc-links/page.md'));
    expect(broken).toEqual([
      'missing.md (no such file)',
      'other.md#no-such-heading (no heading #no-such-heading)',
      '#nowhere (no heading #nowhere)',
      'other.md (labelled 007)',
    ]);
  });
});

describe('the citation check bites (fixture)', () => {
  it('reports a missing document, a missing heading and an unknown decision', async () => {
    const broken = await brokenCitations(path.resolve('.'), [path.resolve('tests/fixtures/doc-links/cites.ts')]);
    expect(broken).toEqual([
      'tests/fixtures/doc-links/cites.ts: docs/nowhere.md (no such file)',
      'tests/fixtures/doc-links/cites.ts: docs/billing.md#no-such-part (no such heading)',
      'tests/fixtures/doc-links/cites.ts: decision 999 (no such decision)',
    ]);
  });
});

describe('the outside-document check bites (fixture)', () => {
  it('reports a comment citing the original specification or the architecture notes, not a law or our own pages', async () => {
    const found = await outsideCitations(path.resolve('.'), [path.resolve('tests/fixtures/doc-links/outside.fixture.ts')]);
    expect(found).toEqual([
      'tests/fixtures/doc-links/outside.fixture.ts: spec 02 §7',
      'tests/fixtures/doc-links/outside.fixture.ts: ARCHITECTURE §5',
      'tests/fixtures/doc-links/outside.fixture.ts: §9',
    ]);
  });
});

describe('README.md and docs/', () => {
  it('have no broken relative link', async () => {
    const files = [path.resolve('README.md'), ...(await markdownFiles(path.resolve('docs')))];
    expect(files.length).toBeGreaterThan(40);
    const broken: string[] = [];
    for (const file of files) for (const link of await brokenLinks(file)) broken.push(`${path.relative('.', file)}: ${link}`);
    expect(broken).toEqual([]);
  });

  it('are cited by the code only where they exist', async () => {
    const root = path.resolve('.');
    expect(await brokenCitations(root, await codeFiles(root))).toEqual([]);
  });

  it('are what the code cites: no comment cites a document outside the repository', async () => {
    const root = path.resolve('.');
    expect(await outsideCitations(root, await codeFiles(root))).toEqual([]);
  });

  it('cite no section of the original specification or the architecture notes (only docs/product/README.md maps them)', async () => {
    const files = [path.resolve('README.md'), ...(await markdownFiles(path.resolve('docs')))].filter(
      (f) => !f.includes(`${path.sep}decisions${path.sep}`) && !f.endsWith(path.join('product', 'README.md')),
    );
    const found: string[] = [];
    for (const file of files) {
      const text = await fs.readFile(file, 'utf8');
      for (const m of text.matchAll(/\bspec\s?0\d\s?§\s?\d+|\bARCHITECTURE\s?§\s?\d+/g)) found.push(`${path.relative('.', file)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
