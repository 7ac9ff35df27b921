import { describe, expect, it } from '@jest/globals';
import {
  declaredType,
  excerpt,
  extensionOfType,
  fileProblem,
  formatFileSize,
  formatMegabytes,
  safeFileName,
  withoutUnsafeExtensions,
} from './files';

describe('file rules shared by the admin and the server', () => {
  it('shows sizes in B, KB, MB and GB, base 1024, at most two decimals', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024 * 5)).toBe('5 MB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(3 * 1024 ** 3 + 1)).toBe('3 GB');
    expect(formatMegabytes(2.5 * 1024 * 1024)).toBe('2.50 MB');
    expect(formatMegabytes(900)).toBe('0.01 MB');
  });

  it('declares a type from the browser or, when the browser gives none, from the extension', () => {
    expect(declaredType('sticker', 'a.png', 'image/png')).toBe('image/png');
    expect(declaredType('sticker', 'a.svg', 'image/svg+xml')).toBeNull();
    expect(declaredType('document', 'نظام.DOCX', '')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(declaredType('document', 'report.exe', 'application/x-msdownload')).toBeNull();
  });

  it('refuses other types and oversize files with the spec texts', () => {
    expect(fileProblem('sticker', 'a.pdf', 'application/pdf', 10)).toBe('نوع الملف غير مدعوم');
    expect(fileProblem('sticker', 'a.png', 'image/png', 5 * 1024 * 1024 + 1)).toBe('حجم الملف كبير جداً');
    expect(fileProblem('sticker', 'a.png', 'image/png', 5 * 1024 * 1024)).toBeNull();
    expect(fileProblem('document', 'a.pdf', 'application/pdf', 21 * 1024 * 1024)).toMatch('كبير');
  });

  it('cuts the governance excerpt at 150 characters without splitting one', () => {
    expect(excerpt('قصير')).toBe('قصير');
    const long = '😀'.repeat(200);
    expect(Array.from(excerpt(long))).toHaveLength(151);
  });
});

describe('stored and served file names', () => {
  it.each([
    ['report.exe.docx', 'docx', 'report.docx'],
    ['x.html', 'png', 'x.png'],
    ['x.HTML', 'png', 'x.png'],
    ['photo.png.svg', 'png', 'photo.png'],
    ['setup.exe . . ', 'pdf', 'setup.pdf'],
    ['اللائحة الأساسية.docx', 'docx', 'اللائحة الأساسية.docx'],
    ['اللائحة', 'pdf', 'اللائحة.pdf'],
    ['v1.2 report', 'pdf', 'v1.2 report.pdf'],
    ['report\u202efdp.exe', 'pdf', 'reportfdp.pdf'],
    ['.html', 'png', 'file.png'],
    ['', 'doc', 'file.doc'],
  ])('%p stored as a %s becomes %p', (name, ext, expected) => {
    expect(safeFileName(name, ext)).toBe(expected);
  });

  it('never leaves an executable or markup extension at the end', () => {
    for (const bad of ['html', 'htm', 'svg', 'xml', 'js', 'exe', 'bat', 'cmd', 'sh', 'msi', 'scr', 'ps1', 'php'])
      expect(withoutUnsafeExtensions(`name.${bad}`)).toBe('name');
    expect(withoutUnsafeExtensions('تقرير الأثر.pdf')).toBe('تقرير الأثر.pdf');
    expect(withoutUnsafeExtensions('a.js.html')).toBe('a');
  });

  it('knows the stored extension of every accepted type', () => {
    expect(extensionOfType('image/jpeg')).toBe('jpg');
    expect(extensionOfType('application/msword')).toBe('doc');
    expect(extensionOfType('text/html')).toBeNull();
  });
});
