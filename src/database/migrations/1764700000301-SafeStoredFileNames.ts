import { MigrationInterface, QueryRunner } from 'typeorm';
import { safeFileName } from '../../shared/files';

/**
 * Stored file names end in their file's own extension, never an executable or markup one: a sticker
 * named "x.html" becomes "x.png", a governance document's "report.exe.docx" becomes "report.docx"
 * (issue 22). New names are made safe when they are saved; this renames the ones saved before.
 */
export class SafeStoredFileNames1764700000301 implements MigrationInterface {
  name = 'SafeStoredFileNames1764700000301';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const stickers: { id: number; name: string; object_path: string }[] = await queryRunner.query(
      `SELECT id, name, object_path FROM sticker_images`,
    );
    for (const row of stickers) {
      const safe = safeFileName(row.name, row.object_path.split('.').pop() ?? 'png');
      if (safe !== row.name) await queryRunner.query(`UPDATE sticker_images SET name = $2 WHERE id = $1`, [row.id, safe]);
    }
    const documents: { id: number; file_name: string; file_url: string }[] = await queryRunner.query(
      `SELECT id, file_name, file_url FROM governance_cards WHERE file_name IS NOT NULL AND file_url IS NOT NULL`,
    );
    for (const row of documents) {
      const safe = safeFileName(row.file_name, row.file_url.split('.').pop() ?? '');
      if (safe !== row.file_name) await queryRunner.query(`UPDATE governance_cards SET file_name = $2 WHERE id = $1`, [row.id, safe]);
    }
  }

  public async down(): Promise<void> {
    // The names given before were unsafe; nothing to restore.
  }
}
