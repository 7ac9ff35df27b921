import { constants, inflateSync } from 'node:zlib';
import CFB from 'cfb';
import yauzl from 'yauzl';

/**
 * What a governance document's own structure says, beyond its first bytes: a .docx is a ZIP package
 * holding `[Content_Types].xml` and a `word/` part (and no program), a .doc is an OLE compound file
 * holding a `WordDocument` stream, and a PDF carries no script or launch action. Issue 22: any ZIP
 * passed as .docx (one held an .exe), any OLE file as .doc, and a PDF with /OpenAction /JavaScript as a
 * document.
 */
export async function documentStructureOk(ext: string, bytes: Buffer): Promise<boolean> {
  if (ext === 'docx') return docxOk(bytes);
  if (ext === 'doc') return docOk(bytes);
  if (ext === 'pdf') return !pdfHasActiveContent(bytes);
  return false;
}

/** A Word package has a few dozen parts; far more is not a document someone typed. */
const MAX_ZIP_ENTRIES = 5_000;
/** Parts a Word package never holds: programs and scripts (its .xml parts are what Word reads). */
const PROGRAM_PART = /\.(exe|com|bat|cmd|msi|scr|pif|cpl|dll|jar|js|jse|vbs|vbe|wsf|wsh|hta|ps1|sh|lnk|reg|app|apk)$/i;

async function docxOk(bytes: Buffer): Promise<boolean> {
  const names = await zipEntryNames(bytes);
  if (!names) return false;
  return names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/')) && !names.some((n) => PROGRAM_PART.test(n));
}

/**
 * The names in the ZIP's central directory, read with yauzl (nothing is decompressed); null when
 * it is not a well-formed ZIP, an entry's name is unsafe (absolute, `..`), or it holds too many entries.
 */
function zipEntryNames(bytes: Buffer): Promise<string[] | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return resolve(null);
      if (zip.entryCount > MAX_ZIP_ENTRIES) {
        zip.close();
        return resolve(null);
      }
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', () => resolve(null));
      zip.readEntry();
    });
  });
}

function docOk(bytes: Buffer): boolean {
  try {
    const container = CFB.read(bytes, { type: 'buffer' });
    // type 2: a stream (1 is a storage, 5 the root).
    return container.FileIndex.some((entry) => entry.name === 'WordDocument' && entry.type === 2);
  } catch {
    return false;
  }
}

/**
 * A PDF name as a pattern that also matches its #xx-escaped spellings (/J#61vaScript is /JavaScript),
 * ending where the name ends.
 */
function pdfName(name: string): string {
  const chars = [...name].map((c) => {
    const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
    return `(?:${c}|#${hex[0]}[${hex[1].toLowerCase()}${hex[1].toUpperCase()}])`;
  });
  return `/${chars.join('')}(?![A-Za-z0-9#])`;
}

/** Script actions (/S /JavaScript, the /JavaScript names tree) and program launches: long names, looked for in every byte. */
const SCRIPT_OR_LAUNCH = new RegExp(`${pdfName('JavaScript')}|${pdfName('Launch')}`);
/** The /JS key of a script action: short, so looked for only outside stream data (random bytes would hold it). */
const JS_KEY = new RegExp(pdfName('JS'));
const ANY_ACTIVE = new RegExp(`${SCRIPT_OR_LAUNCH.source}|${JS_KEY.source}`);
const OBJECT_STREAM = new RegExp(`${pdfName('Type')}\\s*${pdfName('ObjStm')}`, 'g');
const STREAM_DATA = /(?<=>>\s*)stream\r?\n[\s\S]*?endstream/g;
/** An object stream inflates to at most this much, all of them together to at most the total; more is a bomb. */
const MAX_OBJECT_STREAM_BYTES = 8 * 1024 * 1024;
const MAX_OBJECT_STREAMS_TOTAL = 32 * 1024 * 1024;

/**
 * Whether the PDF carries script (/JavaScript, /JS, as /OpenAction, /AA or document scripts) or a
 * program launch (/Launch): anywhere in its bytes, and inside its object streams (PDF 1.5 packs
 * dictionaries into compressed /ObjStm streams). An object stream that cannot be read (a filter
 * other than Flate, predictors, encrypted, too big) counts as active: what cannot be checked is not
 * served.
 */
export function pdfHasActiveContent(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  if (SCRIPT_OR_LAUNCH.test(text) || JS_KEY.test(text.replace(STREAM_DATA, 'stream endstream'))) return true;
  let inflatedTotal = 0;
  for (const match of text.matchAll(OBJECT_STREAM)) {
    const start = /stream\r?\n/.exec(text.slice(match.index, match.index + 4096));
    if (!start) return true;
    const dictionary = text.slice(Math.max(0, text.lastIndexOf('obj', match.index)), match.index + start.index);
    const dataFrom = match.index + start.index + start[0].length;
    const end = text.indexOf('endstream', dataFrom);
    const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary);
    const filters = filter ? [...filter[1].matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]) : [];
    const readable =
      !/\/(DecodeParms|DP)\b/.test(dictionary) &&
      (filter ? filters.length === 1 && ['FlateDecode', 'Fl'].includes(filters[0]) : !/\/Filter\b/.test(dictionary));
    if (end < 0 || !readable) return true;
    let content: Buffer;
    try {
      const data = bytes.subarray(dataFrom, end);
      content = filters.length
        ? inflateSync(data, { maxOutputLength: MAX_OBJECT_STREAM_BYTES, finishFlush: constants.Z_SYNC_FLUSH })
        : data;
    } catch {
      return true;
    }
    inflatedTotal += content.length;
    if (inflatedTotal > MAX_OBJECT_STREAMS_TOTAL || ANY_ACTIVE.test(content.toString('latin1'))) return true;
  }
  return false;
}
