import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An administrator's internal note on a request: for the charity only, never sent to the host. */
@Entity('request_notes')
@Index('IDX_request_notes_request', ['requestId', 'createdAt', 'id'])
export class RequestNoteEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The request's number; no foreign key, so the notes outlive an archived request and come back with it. */
  @Column({ type: 'int' })
  requestId: number;

  @Column({ type: 'varchar', length: 1000 })
  text: string;

  /** Username of the administrator who wrote it. */
  @Column({ type: 'varchar', length: 100 })
  authorUsername: string;

  /** Written with the app's clock, like the status history. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
