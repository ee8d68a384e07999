// Makes sure Debian's Chromium is there for the end-to-end tests; test tools never download browsers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium fehlt – installiere Debians Paket "chromium" …');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `Chromium was not found at ${CHROMIUM}. Install it with "sudo apt-get install -y chromium" ` +
        '(or set CHROMIUM_PATH to an existing Chromium binary) and run the tests again.',
    );
    process.exit(1);
  }
}
