import { test as setup } from '@playwright/test';
import { STAFF, logInFromHome, staffState, type StaffAccount } from './login';
import { allowSteps, CONTEXT_STEPS, LOGIN_STEPS } from './steps';

// Each staff suite starts already logged in from these states, so only auth.spec.ts (and the
// walks that log in from a page) spend a login through the modal.
for (const account of Object.keys(STAFF) as StaffAccount[]) {
  setup(`log in as ${account} once and keep the browser state`, async ({ page }) => {
    allowSteps(2 + LOGIN_STEPS + CONTEXT_STEPS);
    await logInFromHome(page, account);
    await page.context().storageState({ path: staffState(account) });
  });
}
