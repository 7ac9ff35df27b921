/**
 * What may be uploaded, shared by the server (which checks the content) and the admin (which checks
 * before uploading). Spec: admin-side sections 3 and 9 (stickers: images up to 5 MB; governance:
 * .pdf, .doc, .docx), issue limits (documents up to 20 MB).
 */
export type FileKind = 'sticker' | 'document';

export interface FileKindRule {
  /** Folder of the stored objects. */
  prefix: string;
  maxBytes: number;
  /** Declared content type → the extension stored and the extensions file-type may detect for it. */
  types: Record<string, { ext: string; detected: readonly string[] }>;
  /** The `accept` attribute of the file input. */
  accept: string;
}

const MB = 1024 * 1024;

export const FILE_KINDS: Record<FileKind, FileKindRule> = {
  sticker: {
    prefix: 'stickers',
    maxBytes: 5 * MB,
    // SVG is left out on purpose: it is a document that can carry script.
    types: {
      'image/png': { ext: 'png', detected: ['png'] },
      'image/jpeg': { ext: 'jpg', detected: ['jpg'] },
      'image/gif': { ext: 'gif', detected: ['gif'] },
      'image/webp': { ext: 'webp', detected: ['webp'] },
    },
    accept: 'image/png,image/jpeg,image/gif,image/webp',
  },
  document: {
    prefix: 'governance',
    maxBytes: 20 * MB,
    types: {
      'application/pdf': { ext: 'pdf', detected: ['pdf'] },
      // Word 97–2003 files are OLE compound files.
      'application/msword': { ext: 'doc', detected: ['cfb'] },
      // A .docx is a ZIP package; file-type names it docx when it sees word/ early enough, else zip.
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: 'docx', detected: ['docx', 'zip'] },
    },
    accept: '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};

export const FILE_MESSAGES = {
  stickerType: 'نوع الملف غير مدعوم',
  stickerSize: 'حجم الملف كبير جداً',
  documentType: 'نوع الملف غير مدعوم، يُقبل PDF أو Word (.pdf, .doc, .docx)',
  documentSize: 'حجم الملف كبير جداً، الحد الأقصى 20 ميغابايت',
} as const;

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * The content type to declare for a chosen file: the browser's when it is one the kind accepts,
 * else the one its extension names (browsers often leave .doc and .docx untyped). Null when neither.
 */
export function declaredType(kind: FileKind, name: string, browserType: string): string | null {
  const types = FILE_KINDS[kind].types;
  if (browserType && types[browserType]) return browserType;
  const ext = name.toLowerCase().split('.').pop() ?? '';
  const byExt = EXTENSION_TYPES[ext];
  return byExt && types[byExt] ? byExt : null;
}

/** The admin's check before uploading; the server checks the content again. Null when acceptable. */
export function fileProblem(kind: FileKind, name: string, browserType: string, size: number): string | null {
  const type = declaredType(kind, name, browserType);
  if (!type) return kind === 'sticker' ? FILE_MESSAGES.stickerType : FILE_MESSAGES.documentType;
  if (size > FILE_KINDS[kind].maxBytes) return kind === 'sticker' ? FILE_MESSAGES.stickerSize : FILE_MESSAGES.documentSize;
  return null;
}

/**
 * Extensions a stored or served file name never ends in: programs and scripts an operating system
 * runs, and markup a browser renders (it can carry script). Lower case, without the dot.
 */
export const UNSAFE_EXTENSIONS: ReadonlySet<string> = new Set([
  // Markup and active documents a browser renders.
  ...['html', 'htm', 'xhtml', 'shtml', 'mht', 'mhtml', 'svg', 'svgz', 'xml', 'xsl', 'xslt', 'hta', 'swf'],
  // Scripts.
  ...['js', 'mjs', 'cjs', 'jse', 'vbs', 'vbe', 'wsf', 'wsh', 'ps1', 'psm1', 'psd1', 'sh', 'bash', 'zsh', 'csh', 'ksh', 'command'],
  ...['php', 'phtml', 'php3', 'php4', 'php5', 'phar', 'asp', 'aspx', 'jsp', 'cgi', 'pl', 'py', 'rb'],
  // Programs and installers.
  ...['exe', 'com', 'bat', 'cmd', 'msi', 'msp', 'mst', 'scr', 'pif', 'cpl', 'dll', 'sys', 'jar', 'lnk', 'reg', 'inf', 'application'],
  ...['app', 'dmg', 'pkg', 'deb', 'rpm', 'apk', 'appx', 'msix', 'gadget', 'url', 'scf', 'iso', 'vhd', 'vhdx'],
]);

// Bidirectional controls can make "exe.pdf" read as "fdp.exe" on screen; file names never need them.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name with its trailing unsafe extensions (and `alsoDrop`), dots and spaces taken off. */
function stem(name: string, alsoDrop?: string): string {
  let rest = name.replace(BIDI_CONTROLS, '').trim();
  for (;;) {
    rest = rest.replace(/[.\s]+$/u, '');
    const dot = rest.lastIndexOf('.');
    if (dot < 0) return rest;
    const tail = rest.slice(dot + 1).toLowerCase();
    if (!UNSAFE_EXTENSIONS.has(tail) && tail !== alsoDrop) return rest;
    rest = rest.slice(0, dot);
  }
}

/**
 * A file name to store or serve for content of type `ext`: it always ends in `.ext`, and unsafe
 * extensions before it are dropped ("report.exe.docx" → "report.docx", "x.html" → "x.png").
 */
export function safeFileName(name: string, ext: string): string {
  return `${stem(name, ext.toLowerCase()) || 'file'}.${ext}`;
}

/** A name whose type is not known here: trailing unsafe extensions dropped, the rest kept. */
export function withoutUnsafeExtensions(name: string): string {
  return stem(name) || 'file';
}

/** The extension stored for a declared content type, of any kind; null when none accepts it. */
export function extensionOfType(contentType: string): string | null {
  for (const kind of Object.values(FILE_KINDS)) if (kind.types[contentType]) return kind.types[contentType].ext;
  return null;
}

/** Sizes as the spec shows them: B, KB, MB, GB, base 1024, at most two decimals ("1.5 KB"). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB'];
  const power = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** power).toFixed(2))} ${units[power]}`;
}

/** The public governance cards show sizes in MB. */
export function formatMegabytes(bytes: number): string {
  // Rounded up, so a one-page document does not read "0.00 MB".
  return `${(Math.ceil((bytes / MB) * 100) / 100).toFixed(2)} MB`;
}

/** The governance excerpt: the first 150 characters, cut on a whole character. */
export const GOVERNANCE_EXCERPT_LENGTH = 150;
export function excerpt(text: string, length = GOVERNANCE_EXCERPT_LENGTH): string {
  const chars = Array.from(text.trim());
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : chars.join('');
}
