import { Document, Packer, Paragraph, TextRun } from 'docx';
import PptxGenJS from 'pptxgenjs';
import { expect, test, type Page } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, STAFF, staffState } from './login';
import { PICK_FILES } from './drive-upload';
import { allowSteps } from './steps';

/** A Word 教案 of two pages, made as a teacher's word processor would. */
function lessonPlan(marker: string): Promise<Buffer> {
  const paragraph = (text: string, pageBreakBefore = false) =>
    new Paragraph({ pageBreakBefore, children: [new TextRun({ text, size: 32 })] });
  return Packer.toBuffer(
    new Document({
      sections: [
        {
          children: [
            paragraph(`高一语文《荷塘月色》教案 ${marker}`),
            paragraph('一、教学目标：体会作者的情感，品味语言。'),
            paragraph('二、教学过程：朗读、讨论、写作练习。', true),
          ],
        },
      ],
    }),
  );
}

/** A PowerPoint 课件 of three slides. */
async function slides(marker: string): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  for (const title of [`函数的单调性 ${marker}`, '增函数与减函数', '课堂练习']) {
    pptx.addSlide().addText(title, { x: 0.5, y: 2, w: 9, h: 1.2, fontSize: 36, align: 'center' });
  }
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

/** Uploads a file to the top of my disk through 文件上传, as drive-select.spec.ts does. */
async function upload(page: Page, name: string, buffer: Buffer, mimeType: string) {
  await page.getByRole('button', { name: '文件上传' }).click();
  const dialog = page.getByRole('dialog', { name: '文件上传' });
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await list.count()) === 0) await dialog.getByLabel('资源类型').click();
    await list.locator('.ant-select-item-option', { hasText: '课件' }).click({ timeout: 5000 });
    await expect(dialog.locator('.ant-select')).toContainText('课件', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await dialog.locator(PICK_FILES).setInputFiles({ name, mimeType, buffer });
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
}

/** Opens a file of my disk's list on its detail page. */
async function openDetail(page: Page, name: string) {
  const link = page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/folderDetail\?resourcesId=\d+/);
  await page.goto(href!);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return Number(/resourcesId=(\d+)/.exec(href!)![1]);
}

test.describe('office previews', () => {
  test.use({ storageState: staffState('teacher') });

  test('a .docx and a .pptx a teacher uploads are shown as pages in the viewer', async ({
    page,
    request,
  }, testInfo) => {
    allowSteps(52);
    const marker = `E2E${Date.now() % 100000}`;
    const word = `教案${marker}.docx`;
    const deck = `课件${marker}.pptx`;
    await page.goto('/mineWp');
    await upload(
      page,
      word,
      await lessonPlan(marker),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    await upload(
      page,
      deck,
      await slides(marker),
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );

    // The Word file: the first look queues the conversion and says so, then the pages show.
    const wordId = await openDetail(page, word);
    const viewer = page.getByRole('region', { name: '文件预览' });
    await expect(page.getByText('正在生成预览…').or(viewer)).toBeVisible();
    if (await page.getByText('正在生成预览…').isVisible()) {
      await page.screenshot({ path: testInfo.outputPath('office-pending-1366.png') });
    }
    await expect(viewer.locator('.pdf-indicator')).toHaveText('1 / 2', { timeout: 60_000 });
    await expect(viewer.getByRole('img', { name: `${word} 第 1 页，共 2 页` })).toBeVisible();
    await viewer.getByRole('button', { name: '下一页' }).click();
    await expect(viewer.locator('.pdf-indicator')).toHaveText('2 / 2');

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: testInfo.outputPath('office-preview-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(viewer.locator('canvas')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('office-preview-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });

    // The slides: one page each.
    await page.goto('/mineWp');
    const deckId = await openDetail(page, deck);
    const slidesViewer = page.getByRole('region', { name: '文件预览' });
    await expect(slidesViewer.locator('.pdf-indicator')).toHaveText('1 / 3', { timeout: 60_000 });
    await slidesViewer.getByRole('button', { name: '下一页' }).click();
    await expect(slidesViewer.locator('.pdf-indicator')).toHaveText('2 / 3');
    await page.screenshot({ path: testInfo.outputPath('office-slides-1366.png') });

    // The owner marks the Word file 防泄密 in 编辑; the detail says so, and she still downloads.
    await page.goto('/mineWp');
    await page
      .getByRole('row', { name: new RegExp(word) })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: /^编\s*辑$/ }).click();
    const dialog = page.getByRole('dialog', { name: '编辑文件' });
    await dialog.getByLabel('文件描述').fill('期末试卷，考前请勿外传');
    await dialog.getByRole('checkbox', { name: '防泄密' }).check();
    await page.screenshot({ path: testInfo.outputPath('office-protect-dialog-1366.png') });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    await openDetail(page, word);
    await expect(page.getByText('防泄密', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /下\s*载/ })).toBeVisible();

    // Leave the teacher's disk as the other walks expect it (drive-select counts its files).
    const { token } = await loginToken(request, STAFF.teacher.code, DEMO_PASSWORD, 2);
    await api(request, 'resources/delResource', { resourcesId: `${wordId},${deckId}` }, token);
  });
});
