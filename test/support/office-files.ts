import { deflateSync } from 'node:zlib';
import CFB from 'cfb';

/**
 * Office packages and PDFs built in the test with real libraries (cfb writes both ZIP packages and
 * OLE compound files), so each test says exactly what its file holds.
 */

/** A ZIP package holding these parts. */
export function zipOf(parts: Record<string, string | Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(parts)) CFB.utils.cfb_add(container, name, Buffer.from(content));
  return CFB.write(container, { type: 'buffer', fileType: 'zip' }) as Buffer;
}

/** An OLE compound file holding these streams. */
export function oleOf(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(container, name, content);
  return CFB.write(container, { type: 'buffer' }) as Buffer;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The parts of the smallest .docx Word opens: content types, the package relationship, the document. */
export function minimalDocxParts(text = 'لائحة الجمعية'): Record<string, string> {
  return {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  };
}

export function minimalDocx(): Buffer {
  return zipOf(minimalDocxParts());
}

/** A Word 97–2003 file's streams: the WordDocument stream (its FIB starts with 0xA5EC) and a table stream. */
export function minimalDoc(): Buffer {
  const word = Buffer.alloc(1024);
  word.writeUInt16LE(0xa5ec, 0);
  return oleOf({ WordDocument: word, '1Table': Buffer.alloc(512) });
}

/** A one-page PDF whose catalog carries `catalogExtra` (an /OpenAction, say) and any further objects. */
export function pdfWith(catalogExtra = '', objects: string[] = []): Buffer {
  const body = [
    `1 0 obj << /Type /Catalog /Pages 2 0 R ${catalogExtra} >> endobj`,
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
    ...objects,
  ];
  return Buffer.from(`%PDF-1.7\n${body.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** A PDF 1.5 object stream (Flate-compressed) holding `dictionary` as object `number`. */
export function objectStream(number: number, dictionary: string, streamNumber = 9): Buffer {
  const header = `${number} 0 `;
  const data = deflateSync(Buffer.from(header + dictionary, 'latin1'));
  return Buffer.concat([
    Buffer.from(
      `${streamNumber} 0 obj << /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream\nendobj', 'latin1'),
  ]);
}

/** `pdfWith` whose catalog points at an object kept inside a compressed object stream. */
export function pdfWithObjectStream(dictionary: string, catalogExtra = '/OpenAction 8 0 R'): Buffer {
  const plain = pdfWith(catalogExtra)
    .toString('latin1')
    .replace(/\ntrailer[\s\S]*$/, '');
  return Buffer.concat([
    Buffer.from(`${plain}\n`, 'latin1'),
    objectStream(8, dictionary),
    Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}
