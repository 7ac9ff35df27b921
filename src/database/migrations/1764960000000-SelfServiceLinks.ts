import { MigrationInterface, QueryRunner } from 'typeorm';

/** The components as they were before the host's link (for down()). */
const BEFORE = {
  requestConfirmation: {
    placeholders: 6,
    components: [
      { type: 'HEADER', text: 'تم استلام طلبكم' },
      {
        type: 'BODY',
        text:
          'مرحباً {{1}}،\n' +
          'شكراً لكم، استلمنا طلبكم لاستلام فائض الطعام برقم #{{2}}.\n' +
          'نوع المناسبة: {{3}}\n' +
          'التاريخ: {{4}}\n' +
          'وقت الانتهاء: {{5}}\n' +
          'الموقع: {{6}}\n' +
          'سيتواصل معكم فريقنا خلال ساعتين لتأكيد موعد الاستلام.',
      },
      { type: 'FOOTER', text: 'لإيقاف الرسائل أرسل كلمة: إيقاف' },
    ],
  },
  statusUpdate: {
    placeholders: 5,
    components: [
      { type: 'HEADER', text: 'تحديث حالة طلبكم' },
      {
        type: 'BODY',
        text: 'مرحباً {{1}}،\n' + 'تم تحديث حالة طلبكم رقم #{{2}} ({{3}} بتاريخ {{4}}) إلى: {{5}}.\n' + 'شكراً لمساهمتكم في حفظ النعمة.',
      },
      { type: 'FOOTER', text: 'لإيقاف الرسائل أرسل كلمة: إيقاف' },
    ],
  },
};

/** The components with the host's link: a URL button whose address ends in the request's token. */
const AFTER = {
  requestConfirmation: {
    placeholders: 7,
    components: [
      BEFORE.requestConfirmation.components[0],
      {
        type: 'BODY',
        text:
          BEFORE.requestConfirmation.components[1].text +
          '\n' +
          'تابعوا حالة طلبكم من الزر أدناه، ومنه يمكنكم إلغاؤه قبل انتهاء المناسبة بأكثر من 4 ساعات.',
      },
      BEFORE.requestConfirmation.components[2],
      { type: 'BUTTONS', text: 'متابعة الطلب', url: '/r/{{7}}' },
    ],
  },
  statusUpdate: {
    placeholders: 6,
    components: [...BEFORE.statusUpdate.components, { type: 'BUTTONS', text: 'متابعة الطلب', url: '/r/{{6}}' }],
  },
};

/**
 * The host's own page: each request keeps the salt its link's token is derived from and the token's
 * hash (unique: the link is found by it); the request confirmation and the status update carry the
 * link as a URL button. Templates are seeded only when missing, so the stored components are updated
 * here (administrators cannot edit them; a new template, hostCancelled, is seeded at start).
 */
export class SelfServiceLinks1764960000000 implements MigrationInterface {
  name = 'SelfServiceLinks1764960000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "requests" ADD "self_service_salt" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "requests" ADD "self_service_token_hash" character varying(64)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_requests_self_service_token_hash" ON "requests" ("self_service_token_hash") `);
    await this.templates(queryRunner, AFTER);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.templates(queryRunner, BEFORE);
    await queryRunner.query(`DELETE FROM "assurance_templates" WHERE "key" = 'hostCancelled'`);
    await queryRunner.query(`DROP INDEX "public"."UQ_requests_self_service_token_hash"`);
    await queryRunner.query(`ALTER TABLE "requests" DROP COLUMN "self_service_token_hash"`);
    await queryRunner.query(`ALTER TABLE "requests" DROP COLUMN "self_service_salt"`);
  }

  private async templates(queryRunner: QueryRunner, set: typeof AFTER): Promise<void> {
    for (const [key, { placeholders, components }] of Object.entries(set)) {
      await queryRunner.query(
        `UPDATE "assurance_templates" SET "components" = $2::jsonb, "placeholders_count" = $3, "updated_at" = now() WHERE "key" = $1`,
        [key, JSON.stringify(components), placeholders],
      );
    }
  }
}
