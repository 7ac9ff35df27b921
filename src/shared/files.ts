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
