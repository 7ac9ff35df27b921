import type { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { sha256Hex } from '../../../common/crypto/secrets';
import { FilesService } from '../../files/files.service';
import type { ImpactReportEntity } from '../entities/impact-report.entity';
import { ImpactErrors } from './impact-errors';
import { dataOf, headingOf } from './impact-report.mapper';
import type { ImpactFileKind } from './impact-render.worker';
import { ImpactRenderer } from './impact-renderer';

/**
 * Layout versions: raise one when the drawing code changes, so stored copies are drawn again under a
 * new name (the old objects are left behind; they are small).
 */
const LAYOUT: Record<ImpactFileKind, string> = { pdf: 'p1', image: 'i1' };
const EXTENSION: Record<ImpactFileKind, string> = { pdf: 'pdf', image: 'png' };
export const IMPACT_FILE_TYPES: Record<ImpactFileKind, string> = { pdf: 'application/pdf', image: 'image/png' };

export interface ImpactFile {
  size: number;
  stream: Readable;
}

/**
 * A report's PDF and preview image, drawn once and kept in the file storage (local disk or S3): the
 * snapshot and the title never change, so every later download, from any process, is a read. Downloads
 * of a report not drawn yet share one draw in this process; two processes may each draw it once, and
 * the second write replaces the first with the same bytes.
 */
@Injectable()
export class ImpactFiles {
  private readonly logger = new Logger('impact-files');
  private readonly drawing = new Map<string, Promise<void>>();

  constructor(
    private readonly files: FilesService,
    private readonly renderer: ImpactRenderer,
  ) {}

  async open(row: ImpactReportEntity, kind: ImpactFileKind): Promise<ImpactFile> {
    const path = objectPath(row, kind);
    const stored = await this.files.openStored(path);
    if (stored) return stored;
    await this.drawOnce(path, row, kind);
    const drawn = await this.files.openStored(path);
    if (!drawn) throw ImpactErrors.REPORT_FILE_UNAVAILABLE();
    return drawn;
  }

  private drawOnce(path: string, row: ImpactReportEntity, kind: ImpactFileKind): Promise<void> {
    let pending = this.drawing.get(path);
    if (!pending) {
      pending = this.draw(path, row, kind).finally(() => this.drawing.delete(path));
      this.drawing.set(path, pending);
    }
    return pending;
  }

  private async draw(path: string, row: ImpactReportEntity, kind: ImpactFileKind): Promise<void> {
    // Another call may have stored it between its reader's look and this draw.
    if (await this.files.isStored(path)) return;
    let bytes: Buffer;
    try {
      bytes = await this.renderer.render({ kind, report: headingOf(row), data: dataOf(row) });
    } catch (error) {
      this.logger.error(`drawing the ${kind} of impact report ${row.id} failed: ${(error as Error).message}`);
      throw ImpactErrors.REPORT_FILE_UNAVAILABLE();
    }
    await this.files.storeGenerated(path, bytes, IMPACT_FILE_TYPES[kind]);
  }
}

/** A name that says nothing about the report: a hash of its share token (unique across databases), not the token itself. */
function objectPath(row: ImpactReportEntity, kind: ImpactFileKind): string {
  return `impact/${sha256Hex(row.shareToken).slice(0, 32)}-${LAYOUT[kind]}.${EXTENSION[kind]}`;
}
