import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  SANDBOX_DIR,
  limitedCommand,
  runSealed,
  sandboxArgs,
  type Converter,
} from './office-sandbox.js';

/** Office documents LibreOffice turns into PDF pages (issue 19). */
export const OFFICE_EXTENSIONS: ReadonlySet<string> = new Set([
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
]);

/**
 * LibreOffice's settings for a run, written into its fresh profile: links,
 * fields and external data are never updated (Writer `Update/Link` 0 = never,
 * Calc's 1 = never), documents are never recalculated on load (so
 * WEBSERVICE and DDE formulas keep their saved values), macros never run,
 * and links from untrusted documents are blocked. The sandbox holds even
 * without these; these hold where a future LibreOffice finds a way out of it.
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${[
  ['org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', 'int', '3'],
  ['org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'boolean', 'true'],
  [
    'org.openoffice.Office.Common/Security/Scripting',
    'BlockUntrustedRefererLinks',
    'boolean',
    'true',
  ],
  ['org.openoffice.Office.Writer/Content/Update', 'Link', 'int', '0'],
  ['org.openoffice.Office.Writer/Content/Update', 'Field', 'boolean', 'false'],
  ['org.openoffice.Office.Writer/Content/Update', 'Chart', 'boolean', 'false'],
  ['org.openoffice.Office.Calc/Content/Update', 'Link', 'int', '1'],
  ['org.openoffice.Office.Calc/Formula/Load', 'OOXMLRecalcMode', 'int', '1'],
  ['org.openoffice.Office.Calc/Formula/Load', 'ODFRecalcMode', 'int', '1'],
  ['org.openoffice.Office.Common/Misc', 'UseLocking', 'boolean', 'false'],
]
  .map(
    ([group, name, type, value]) =>
      `<item oor:path="/${group}"><prop oor:name="${name}" oor:op="fuse" oor:type="xs:${type}"><value>${value}</value></prop></item>`,
  )
  .join('\n')}
</oor:items>
`;

/**
 * Converts one office document to PDF with LibreOffice headless, sealed
 * (office-sandbox.ts): in a folder of its own under the system's temp
 * folder — the document, a fresh LibreOffice profile holding PROFILE_SETTINGS
 * (-env:UserInstallation, so runs never share or lock one) and the PDF —
 * which is all of the host's files the run may write or read besides the
 * system's libraries and fonts; with no network, under a memory and
 * processor limit. bwrap runs in its own process group, killed whole when
 * `signal` aborts; the sandbox dies with it, and with this process. `use`
 * gets the PDF's path; the folder goes afterwards, whatever happened.
 */
export async function convertToPdf<T>(
  converter: Converter,
  source: Readable,
  extension: string,
  signal: AbortSignal,
  use: (pdfPath: string) => Promise<T>,
): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'school-office-'));
  try {
    const input = `document.${extension}`;
    await pipeline(source, fs.createWriteStream(path.join(dir, input)));
    await fs.promises.mkdir(path.join(dir, 'out'));
    const user = path.join(dir, 'profile', 'user');
    await fs.promises.mkdir(user, { recursive: true });
    await fs.promises.writeFile(path.join(user, 'registrymodifications.xcu'), PROFILE_SETTINGS);
    const inside = (name: string) => path.posix.join(SANDBOX_DIR, name);
    await runSealed(
      [
        ...sandboxArgs(converter.bwrap, dir, converter.soffice),
        ...limitedCommand(converter, [
          '--headless',
          '--invisible',
          '--nologo',
          '--norestore',
          '--nolockcheck',
          '--nodefault',
          `-env:UserInstallation=file://${inside('profile')}`,
          '--convert-to',
          'pdf',
          '--outdir',
          inside('out'),
          inside(input),
        ]),
      ],
      signal,
      { name: 'LibreOffice' },
    );
    const pdf = path.join(dir, 'out', 'document.pdf');
    const stat = await fs.promises.stat(pdf).catch(() => undefined);
    // soffice answers 0 for a document it could not read too: no PDF is the failure.
    if (!stat || stat.size === 0) throw new Error('LibreOffice 未生成 PDF');
    return await use(pdf);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
