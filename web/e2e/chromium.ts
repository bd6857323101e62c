/**
 * Debian's Chromium as every Playwright suite here runs it (no browser downloads): headless,
 * without sandbox, GPU, QUIC or any background traffic.
 */
export const chromium = {
  locale: 'zh-CN',
  // Recording a trace of every test (screencast and DOM snapshots at each action) took about
  // 40% of the browser's time; a failure keeps its screenshot, and E2E_TRACE=retain-on-failure
  // (or on) records traces for a run that needs them.
  trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
  screenshot: 'only-on-failure' as const,
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
