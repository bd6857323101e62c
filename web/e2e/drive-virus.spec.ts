import { expect, test } from '@playwright/test';
import { uploadText } from './drive-upload';
import { staffState } from './login';

test.use({ storageState: staffState('teacher'), viewport: { width: 1366, height: 900 } });

// The EICAR test string (every scanner finds it; the e2e clamd's database holds it alone).
const EICAR = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(
  '',
);

test('a teacher uploading an infected file to the drive is told it was quarantined', async ({
  page,
}) => {
  await page.goto('/mineWp');
  await uploadText(page, `病毒测试${Date.now()}.txt`, EICAR);
  await expect(page.getByText(/检测到病毒：Eicar-Test-Signature.*，文件已隔离/)).toBeVisible();
});
