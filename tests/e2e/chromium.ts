// Debian's Chromium with the flags this workplace needs; shared by Playwright and scripts. The last
// two keep it from emulating a GPU in software (Debian's wrapper adds --enable-gpu-rasterization,
// which with --disable-gpu runs SwiftShader in a GPU process): Skia draws on the CPU directly, the
// journeys take about a tenth less time, and what the page shows is the same.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-gpu-compositing',
    '--disable-software-rasterizer',
  ],
};
