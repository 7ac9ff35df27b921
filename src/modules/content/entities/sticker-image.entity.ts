import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('sticker_images')
@Index('UQ_sticker_images_object_path', ['objectPath'], { unique: true })
@Index('IDX_sticker_images_order', ['sortOrder', 'id'])
export class StickerImageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The original file name as uploaded (shown as originalName in the admin view). */
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 500 })
  objectPath: string;

  /** Bytes. */
  @Column({ type: 'int' })
  fileSize: number;

  @Column({ type: 'varchar', length: 100 })
  mimeType: string;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @Column({ type: 'int', default: 0 })
  sortOrder: number;

  /** Username of the uploading administrator. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  uploadedBy: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  // ---- Added by the product ----

  /** Stored (generated) file name. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  filename: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;
}
