import yazl from 'yazl';

/** Office Open XML parts of the hostile corpus (office-corpus.ts), and the zip both use. */

export async function zip(entries: Array<[string, string | Buffer]>): Promise<Buffer> {
  const out = new yazl.ZipFile();
  for (const [name, body] of entries) {
    out.addBuffer(Buffer.isBuffer(body) ? body : Buffer.from(body), name, {
      compress: name !== 'mimetype',
    });
  }
  out.end();
  const chunks: Buffer[] = [];
  for await (const chunk of out.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

// ---- Office Open XML (docx, xlsx, pptx) ----

const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const IMAGE_REL = `${R_NS}/image`;

const rels = (list: Array<[string, string, string, boolean?]>) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_RELS}">` +
  list
    .map(
      ([id, type, target, external]) =>
        `<Relationship Id="${id}" Type="${type}" Target="${esc(target)}"${external ? ' TargetMode="External"' : ''}/>`,
    )
    .join('') +
  '</Relationships>';

const contentTypes = (overrides: Array<[string, string]>) =>
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
  '</Types>';

const blip = (id: string, prefix: string) =>
  `<${prefix}:blipFill><a:blip r:link="${id}"/><a:stretch><a:fillRect/></a:stretch></${prefix}:blipFill>` +
  `<${prefix}:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2286000" cy="1143000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></${prefix}:spPr>`;

/** A docx: its words, linked pictures (r:link to each address) and fields. */
export function docx(name: string, pictures: string[], fields: string[]) {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const drawing = (n: number) =>
    `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="2286000" cy="1143000"/><wp:docPr id="${n + 10}" name="p${n}"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    `<pic:pic><pic:nvPicPr><pic:cNvPr id="${n + 10}" name="p${n}"/><pic:cNvPicPr/></pic:nvPicPr>${blip(`rIdP${n}`, 'pic')}</pic:pic>` +
    '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
  // Complex fields, as Word writes them (INCLUDETEXT, INCLUDEPICTURE).
  const field = (instruction: string) =>
    `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${esc(instruction)} </w:instrText></w:r>` +
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>old</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
  const document =
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" xmlns:r="${R_NS}" ` +
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>' +
    `<w:p><w:r><w:t>CORPUS-${name}</w:t></w:r></w:p>` +
    pictures.map((_, n) => drawing(n)).join('') +
    fields.map(field).join('') +
    '</w:body></w:document>';
  return zip([
    [
      '[Content_Types].xml',
      contentTypes([
        [
          '/word/document.xml',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        ],
      ]),
    ],
    ['_rels/.rels', rels([['rId1', `${R_NS}/officeDocument`, 'word/document.xml']])],
    ['word/document.xml', document],
    [
      'word/_rels/document.xml.rels',
      rels(pictures.map((href, n) => [`rIdP${n}`, IMAGE_REL, href, true])),
    ],
  ]);
}

/** An xlsx: its words, formulas (WEBSERVICE, external references) and linked pictures. */
export function xlsx(name: string, formulas: string[], pictures: string[]) {
  const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rows =
    `<row r="1"><c r="A1" t="inlineStr"><is><t>CORPUS-${name}</t></is></c></row>` +
    formulas
      .map((f, n) => `<row r="${n + 2}"><c r="A${n + 2}" t="str"><f>${esc(f)}</f></c></row>`)
      .join('');
  const pics = pictures
    .map(
      (_, n) =>
        `<xdr:oneCellAnchor><xdr:from><xdr:col>2</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${n * 8}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>` +
        '<xdr:ext cx="2286000" cy="1143000"/><xdr:pic>' +
        `<xdr:nvPicPr><xdr:cNvPr id="${n + 2}" name="p${n}"/><xdr:cNvPicPr/></xdr:nvPicPr>${blip(`rIdP${n}`, 'xdr')}</xdr:pic><xdr:clientData/></xdr:oneCellAnchor>`,
    )
    .join('');
  return zip([
    [
      '[Content_Types].xml',
      contentTypes([
        [
          '/xl/workbook.xml',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
        ],
        [
          '/xl/worksheets/sheet1.xml',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
        ],
        ['/xl/drawings/drawing1.xml', 'application/vnd.openxmlformats-officedocument.drawing+xml'],
      ]),
    ],
    ['_rels/.rels', rels([['rId1', `${R_NS}/officeDocument`, 'xl/workbook.xml']])],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${S}" xmlns:r="${R_NS}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    ['xl/_rels/workbook.xml.rels', rels([['rId1', `${R_NS}/worksheet`, 'worksheets/sheet1.xml']])],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${S}" xmlns:r="${R_NS}"><sheetData>${rows}</sheetData><drawing r:id="rIdD"/></worksheet>`,
    ],
    [
      'xl/worksheets/_rels/sheet1.xml.rels',
      rels([['rIdD', `${R_NS}/drawing`, '../drawings/drawing1.xml']]),
    ],
    [
      'xl/drawings/drawing1.xml',
      '<?xml version="1.0" encoding="UTF-8"?><xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" ' +
        `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${R_NS}">${pics}</xdr:wsDr>`,
    ],
    [
      'xl/drawings/_rels/drawing1.xml.rels',
      rels(pictures.map((href, n) => [`rIdP${n}`, IMAGE_REL, href, true])),
    ],
  ]);
}

/** A library-made pptx with linked pictures put on its first slide. */
export async function linkedPptx(base: Buffer, pictures: string[]): Promise<Buffer> {
  const { default: yauzl } = await import('yauzl');
  const zipFile = await yauzl.fromBufferPromise(base, { lazyEntries: true });
  const entries: Array<[string, string | Buffer]> = [];
  for await (const entry of zipFile.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    const stream = await zipFile.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.push([entry.fileName, Buffer.concat(chunks)]);
  }
  const patch = (name: string, change: (xml: string) => string) => {
    const entry = entries.find(([n]) => n === name)!;
    entry[1] = change(entry[1].toString('utf8'));
  };
  const pics = pictures
    .map(
      (_, n) =>
        `<p:pic><p:nvPicPr><p:cNvPr id="${900 + n}" name="linked${n}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>${blip(`rIdL${n}`, 'p')}</p:pic>`,
    )
    .join('');
  patch('ppt/slides/slide1.xml', (xml) => xml.replace('</p:spTree>', `${pics}</p:spTree>`));
  patch('ppt/slides/_rels/slide1.xml.rels', (xml) =>
    xml.replace(
      '</Relationships>',
      pictures
        .map(
          (href, n) =>
            `<Relationship Id="rIdL${n}" Type="${IMAGE_REL}" Target="${esc(href)}" TargetMode="External"/>`,
        )
        .join('') + '</Relationships>',
    ),
  );
  return zip(entries);
}
