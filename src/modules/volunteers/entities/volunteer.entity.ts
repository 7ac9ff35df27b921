import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A volunteer or driver of the charity (decisions.md, wave 4): who collects the pickups. */
@Entity('volunteers')
@Index('UQ_volunteers_whatsapp', ['whatsapp'], { unique: true })
@Index('IDX_volunteers_name', ['name', 'id'])
// Their page is found by its token's hash (GET /api/volunteer/:token).
@Index('UQ_volunteers_link_hash', ['linkHash'], { unique: true })
export class VolunteerEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** A Saudi mobile in E.164 (+9665XXXXXXXX): their WhatsApp, and the key of their opt-in. */
  @Column({ type: 'varchar', length: 16 })
  whatsapp: string;

  /** simple_areas values they serve; empty: every area. */
  @Column({ type: 'text', array: true, default: '{}' })
  areas: string[];

  /** A note on their vehicle, such as «سيارة مبردة». */
  @Column({ type: 'varchar', length: 100, nullable: true })
  vehicle: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  notes: string | null;

  /** A volunteer with history is deactivated, never deleted. */
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /**
   * Their own page's link (/t/{token}), as the host's: a random salt the token is derived from (HMAC
   * under a key from APP_SECRET) and the token's SHA-256, by which it is found. «رابط جديد» replaces both.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  linkSalt: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  linkHash: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  linkIssuedAt: Date | null;
}
