import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/decisions/053-no-install-scripts.md: `npm install` runs no dependency's install script. Each
// package the lock file marks as having one is denied by name in package.json's `allowScripts`
// (npm 11.16+ reads it; npm 12 blocks what is not listed), so a new dependency with an install
// script is a decision someone makes, not a surprise on a customer's machine.

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};
const { allowScripts = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  allowScripts?: Record<string, boolean>;
};

/** node_modules/a/node_modules/@b/c → @b/c */
const packageName = (lockPath: string) => lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('install scripts of dependencies', () => {
  const withScripts = [
    ...new Set(
      Object.entries(lock.packages)
        .filter(([lockPath, entry]) => lockPath !== '' && entry.hasInstallScript)
        .map(([lockPath]) => packageName(lockPath)),
    ),
  ].sort();

  it('are each reviewed in package.json (allowScripts)', () => {
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
  });

  it('are denied: the product installs without running third-party code', () => {
    expect(Object.entries(allowScripts).filter(([, allowed]) => allowed !== false)).toEqual([]);
  });

  it('name no package that no longer has one', () => {
    expect(Object.keys(allowScripts).filter((name) => !withScripts.includes(name))).toEqual([]);
  });
});
