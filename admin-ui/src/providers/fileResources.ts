import type { CreateParams, DataProvider, UpdateParams } from 'react-admin';
import { parseDisplayOrder } from '../components/displayOrder';
import { uploadFile } from './upload';

/** What react-admin's FileInput/ImageInput puts in the form: the chosen file, or the stored value as is. */
interface ChosenFile {
  rawFile?: File;
}

const chosen = (value: unknown): File | null => {
  const raw = (value as ChosenFile | null | undefined)?.rawFile;
  return raw instanceof File ? raw : null;
};

/** The record call's body after the file went up: the spec's fields, no File object. */
type Body = Record<string, unknown>;

/** A typed display order as its number (spec §5: Arabic-Indic digits too, 0 when not a number). */
const order = (value: unknown): number | undefined =>
  value === undefined || value === null ? undefined : parseDisplayOrder(String(value));

/**
 * The resources whose forms carry a file. The server takes no multipart body: the file goes up first
 * (signed upload link, then a PUT; providers/upload.ts) and the record call sends back its objectPath.
 * `create`/`update` turn the form's data into that body; anything else is sent as the form gave it.
 */
const FILE_RESOURCES: Record<string, { create: (data: Body) => Promise<Body>; update: (data: Body) => Promise<Body> }> = {
  stickers: {
    async create({ sticker, description }) {
      const file = chosen(sticker);
      if (!file) throw new Error('app.stickers.file_required');
      const objectPath = await uploadFile('sticker', file);
      // fileSize, mimeType and filename are the spec's client fields; the server measures the stored file.
      return { objectPath, originalName: file.name, filename: file.name, fileSize: file.size, mimeType: file.type, description };
    },
    async update({ description, sortOrder, isActive }) {
      return { description, sortOrder: order(sortOrder), isActive };
    },
  },
  'governance-cards': {
    create: governanceBody,
    update: governanceBody,
  },
};

/** A governance card's editable fields, with a newly chosen document uploaded, or the old one removed. */
async function governanceBody({ title, description, content, displayOrder, isActive, document, removeFile }: Body): Promise<Body> {
  const body: Body = { title, description, content, displayOrder: order(displayOrder), isActive };
  const file = chosen(document);
  if (file) Object.assign(body, { objectPath: await uploadFile('document', file), fileName: file.name });
  else if (removeFile === true) body.removeFile = true;
  return body;
}

/** Fields the form did not carry are left out (an update changes only what it names). */
const defined = (body: Body): Body => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));

/** `provider` with the file resources' create and update going through the upload first. */
export function withFileUploads(provider: DataProvider): DataProvider {
  return {
    ...provider,
    async create(resource: string, params: CreateParams) {
      const files = FILE_RESOURCES[resource];
      if (!files) return provider.create(resource, params);
      return provider.create(resource, { ...params, data: defined(await files.create(params.data as Body)) });
    },
    async update(resource: string, params: UpdateParams) {
      const files = FILE_RESOURCES[resource];
      if (!files) return provider.update(resource, params);
      return provider.update(resource, { ...params, data: defined(await files.update(params.data as Body)) });
    },
  } as DataProvider;
}
