import type { Readable } from 'node:stream';
import { fileTypeFromStream } from 'file-type';
import { imageSize } from 'image-size';
import { FILE_KINDS, type FileKind } from '../../shared/files';
import { documentStructureOk } from './document-structure';

export interface CheckedContent {
  /** What the bytes are, whatever the name or the declared type said. */
  detected: string | null;
  matches: boolean;
  width: number | null;
  height: number | null;
}

/**
 * The declared type is believed only when the bytes say the same (magic numbers, not names), and a
 * document's own structure says it too (document-structure.ts).
 */
export async function checkContent(kind: FileKind, declaredType: string, read: () => Promise<Readable>): Promise<CheckedContent> {
  const rule = FILE_KINDS[kind].types[declaredType];
  const stream = await read();
  let detected: string | null;
  try {
    detected = (await fileTypeFromStream(stream as never))?.ext ?? null;
  } finally {
    stream.destroy();
  }
  const matches = !!rule && detected !== null && rule.detected.includes(detected);
  if (!matches) return { detected, matches, width: null, height: null };
  // Read whole (bounded by the kind's size limit, already checked): a JPEG's size marker can sit far
  // from the start, and a ZIP's directory sits at its end.
  const limit = FILE_KINDS[kind].maxBytes;
  const whole = await collect(await read(), limit + 1);
  if (whole.length > limit) return { detected, matches: false, width: null, height: null };
  if (kind === 'document') return { detected, matches: await documentStructureOk(rule.ext, whole), width: null, height: null };
  try {
    const { width, height } = imageSize(whole);
    return { detected, matches, width: width ?? null, height: height ?? null };
  } catch {
    return { detected, matches: false, width: null, height: null };
  }
}

async function collect(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > limit) {
      stream.destroy();
      break;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
