/**
 * Debian's Chromium as every Playwright suite here runs it (no browser downloads): headless,
 * without sandbox, GPU, QUIC or any background traffic.
 */
export const chromium = {
  locale: 'zh-CN',
  trace: 'retain-on-failure' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};
