import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earlier seeds stored invented contact details (a phone, an example.org address and link, a licence
 * number) that visitors and customers could see. Where the administrators never replaced them they
 * become empty: the site says «غير متاح» and the auto-reply uses the site's address until real ones are set.
 */
export class NoPlaceholderContent1764500000000 implements MigrationInterface {
  name = 'NoPlaceholderContent1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE content_settings SET value = '' WHERE (key, value) IN
        (('contact_phone', '0551234567'), ('contact_email', 'info@example.org'), ('license_number', '1234'))`);
    await queryRunner.query(`
      UPDATE system_settings SET value = '' WHERE (key, value) IN
        (('auto_reply_website', 'https://example.org'), ('auto_reply_phone1', '0551234567'), ('auto_reply_phone2', '0557654321'))`);
  }

  async down(): Promise<void> {
    // The placeholders are not put back.
  }
}
