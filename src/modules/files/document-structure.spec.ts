import { describe, expect, it } from '@jest/globals';
import { deflateSync } from 'node:zlib';
import { minimalDoc, minimalDocx, minimalDocxParts, oleOf, pdfWith, pdfWithObjectStream, zipOf } from '../../../test/support/office-files';
import { executable } from '../../../test/support/sample-files';
import { documentStructureOk, pdfHasActiveContent } from './document-structure';

describe('a .docx is checked as a Word package', () => {
  it('accepts a real minimal .docx', async () => {
    expect(await documentStructureOk('docx', minimalDocx())).toBe(true);
  });

  it('refuses a ZIP holding only a program, as the attack sent it', async () => {
    expect(await documentStructureOk('docx', zipOf({ 'report.exe': executable() }))).toBe(false);
  });

  it('refuses a Word package that also carries a program or a script', async () => {
    expect(await documentStructureOk('docx', zipOf({ ...minimalDocxParts(), 'word/media/setup.exe': executable() }))).toBe(false);
    expect(await documentStructureOk('docx', zipOf({ ...minimalDocxParts(), 'run.js': 'alert(1)' }))).toBe(false);
  });

  it('refuses other packages and broken ZIPs', async () => {
    const workbook = zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    expect(await documentStructureOk('docx', workbook)).toBe(false);
    expect(await documentStructureOk('docx', zipOf({ 'word/document.xml': '<w:document/>' }))).toBe(false);
    const docx = minimalDocx();
    expect(await documentStructureOk('docx', docx.subarray(0, docx.length - 30))).toBe(false);
  });
});

describe('a .doc is checked as a Word 97–2003 compound file', () => {
  it('accepts one holding a WordDocument stream', async () => {
    expect(await documentStructureOk('doc', minimalDoc())).toBe(true);
  });

  it('refuses an OLE file without one (a workbook, a bare container) and bytes that only start like OLE', async () => {
    expect(await documentStructureOk('doc', oleOf({ Workbook: Buffer.alloc(1024) }))).toBe(false);
    expect(await documentStructureOk('doc', oleOf({ 'Word Document': Buffer.alloc(600) }))).toBe(false);
    const fake = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024, 7)]);
    expect(await documentStructureOk('doc', fake)).toBe(false);
  });
});

describe('a PDF carries no script or launch action', () => {
  it('accepts a plain PDF, and stream data that happens to hold /JS', async () => {
    expect(pdfHasActiveContent(pdfWith())).toBe(false);
    const data = Buffer.from('BT /F1 12 Tf (/JS) Tj ET /JS 1 0 R', 'latin1');
    const withStream = pdfWith('', [`4 0 obj << /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream\nendobj`]);
    expect(pdfHasActiveContent(withStream)).toBe(false);
  });

  it('refuses /OpenAction << /S /JavaScript … >>, also with escaped names', async () => {
    expect(await documentStructureOk('pdf', pdfWith('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'))).toBe(false);
    expect(pdfHasActiveContent(pdfWith('/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>'))).toBe(true);
  });

  it('refuses additional actions (/AA) with a bare /JS, document scripts and launch actions', () => {
    expect(pdfHasActiveContent(pdfWith('/AA << /O << /JS (app.alert(1)) >> >>'))).toBe(true);
    expect(pdfHasActiveContent(pdfWith('/Names << /JavaScript 5 0 R >>'))).toBe(true);
    expect(pdfHasActiveContent(pdfWith('/OpenAction << /S /Launch /F (cmd.exe) >>'))).toBe(true);
  });

  it('looks inside compressed object streams', () => {
    expect(pdfHasActiveContent(pdfWithObjectStream('<< /S /JavaScript /JS (app.alert(1)) >>'))).toBe(true);
    expect(pdfHasActiveContent(pdfWithObjectStream('<< /S /GoTo /D [3 0 R /Fit] >>'))).toBe(false);
  });

  it('refuses an object stream it cannot read: another filter, or a compression bomb', () => {
    const ascii85 = pdfWithObjectStream('<< /S /GoTo >>').toString('latin1').replace('/Filter /FlateDecode', '/Filter /ASCII85Decode');
    expect(pdfHasActiveContent(Buffer.from(ascii85, 'latin1'))).toBe(true);
    const bomb = deflateSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
    const bombPdf = Buffer.concat([
      pdfWith(),
      Buffer.from(`9 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`, 'latin1'),
      bomb,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
    expect(pdfHasActiveContent(bombPdf)).toBe(true);
  });
});
