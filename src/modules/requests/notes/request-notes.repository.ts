import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { RequestNote } from '../../../shared/api/requests';
import { RequestNoteEntity } from '../entities/request-note.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

const toNote = (r: RequestNoteEntity): RequestNote => ({
  id: r.id,
  requestId: r.requestId,
  text: r.text,
  authorUsername: r.authorUsername,
  createdAt: r.createdAt.toISOString(),
});

/** request_notes: an administrator's internal notes on a request. */
@Injectable()
export class RequestNotesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** True when the request exists (notes are written on live requests; the archive keeps them by number). */
  async requestExists(scope: DbScope, id: number): Promise<boolean> {
    const manager = managerOf(scope);
    const rows = (await manager.query(`SELECT 1 FROM requests WHERE id = $1`, [id])) as unknown[];
    return rows.length > 0;
  }

  async insert(scope: DbScope, note: Omit<RequestNote, 'id' | 'createdAt'> & { createdAt: Date }): Promise<RequestNote> {
    const manager = managerOf(scope);
    const saved = await manager.getRepository(RequestNoteEntity).save(manager.getRepository(RequestNoteEntity).create(note));
    return toNote(saved);
  }

  /** A request's notes, newest first (IDX_request_notes_request, read backwards). */
  async list(requestId: number, limit = 200): Promise<RequestNote[]> {
    const rows = await this.db
      .getRepository(RequestNoteEntity)
      .find({ where: { requestId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
    return rows.map(toNote);
  }
}
