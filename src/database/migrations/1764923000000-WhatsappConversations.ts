import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * WhatsApp's daily cap of business-initiated conversations, kept as messages are sent instead of
 * counted from every message of the last 24 hours on each send (that grew with the day's volume).
 *
 * - `whatsapp_conversations`: one row per person messaged outside their 24-hour window in the last
 *   24 hours (`last_sent_at`, the latest such message). Rows older than 24 hours are deleted as the
 *   cap is checked, so the table holds at most the cap's worth of people.
 * - `whatsapp_conversation_count`: one row, the number of rows above, kept by statement-level triggers
 *   (any writer, a hand-made DELETE included, keeps it right), so the cap is read in O(1).
 * - `whatsapp_conversation_open()` / `whatsapp_conversation_release()`: the check and the booking in
 *   one call under the count row's lock, so two workers never both take the last place; a send the
 *   provider refused gives its place back.
 */
export class WhatsappConversations1764923000000 implements MigrationInterface {
  name = 'WhatsappConversations1764923000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "whatsapp_conversations" ("whatsapp" character varying(20) NOT NULL, "last_sent_at" TIMESTAMP WITH TIME ZONE NOT NULL,
         CONSTRAINT "PK_whatsapp_conversations" PRIMARY KEY ("whatsapp"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_whatsapp_conversations_last_sent_at" ON "whatsapp_conversations" ("last_sent_at")`);
    await queryRunner.query(
      `CREATE TABLE "whatsapp_conversation_count" ("id" smallint PRIMARY KEY CHECK (id = 1), "open" integer NOT NULL DEFAULT 0 CHECK ("open" >= 0))`,
    );
    // The people the previous rule counted at this moment (the same query it ran on every send, once).
    await queryRunner.query(
      `INSERT INTO "whatsapp_conversations" (whatsapp, last_sent_at)
       SELECT r.whatsapp, max(a.sent_at)
         FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id
        WHERE a.sent_at > now() - interval '24 hours' AND a.sent_at <= now() AND a.status IN ('sent', 'delivered', 'read')
          AND r.whatsapp <> 'console'
          AND NOT EXISTS (SELECT 1 FROM whatsapp_opt_ins o WHERE o.phone_number = r.whatsapp AND o.last_inbound_at > now() - interval '24 hours')
        GROUP BY r.whatsapp`,
    );
    await queryRunner.query(`INSERT INTO "whatsapp_conversation_count" (id, "open") SELECT 1, count(*) FROM whatsapp_conversations`);

    await queryRunner.query(`
      CREATE FUNCTION whatsapp_conversation_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE whatsapp_conversation_count c SET "open" = c."open" + d.n FROM (SELECT count(*) AS n FROM new_rows) d WHERE c.id = 1 AND d.n > 0;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE whatsapp_conversation_count c SET "open" = c."open" - d.n FROM (SELECT count(*) AS n FROM old_rows) d WHERE c.id = 1 AND d.n > 0;
        ELSE
          UPDATE whatsapp_conversation_count SET "open" = 0 WHERE id = 1;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER whatsapp_conversation_count_insert AFTER INSERT ON whatsapp_conversations REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION whatsapp_conversation_count_apply()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER whatsapp_conversation_count_delete AFTER DELETE ON whatsapp_conversations REFERENCING OLD TABLE AS old_rows
         FOR EACH STATEMENT EXECUTE FUNCTION whatsapp_conversation_count_apply()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER whatsapp_conversation_count_truncate AFTER TRUNCATE ON whatsapp_conversations
         FOR EACH STATEMENT EXECUTE FUNCTION whatsapp_conversation_count_apply()`,
    );

    // Every writer takes the count row's lock first, so they queue in one order and never deadlock.
    // 'open': already in a conversation (its time moves on); 'opened': a new one was booked; 'full':
    // no place, and frees_at is the last message of the conversation whose end frees one.
    await queryRunner.query(`
      CREATE FUNCTION whatsapp_conversation_open(p_whatsapp varchar, p_now timestamptz, p_since timestamptz, p_cap integer)
        RETURNS TABLE (outcome text, frees_at timestamptz) LANGUAGE plpgsql AS $$
      DECLARE
        v_open integer;
      BEGIN
        PERFORM 1 FROM whatsapp_conversation_count WHERE id = 1 FOR UPDATE;
        DELETE FROM whatsapp_conversations WHERE last_sent_at <= p_since;
        UPDATE whatsapp_conversations SET last_sent_at = GREATEST(last_sent_at, p_now) WHERE whatsapp = p_whatsapp;
        IF FOUND THEN
          RETURN QUERY SELECT 'open'::text, NULL::timestamptz;
          RETURN;
        END IF;
        SELECT c."open" INTO v_open FROM whatsapp_conversation_count c WHERE c.id = 1;
        IF v_open < p_cap THEN
          INSERT INTO whatsapp_conversations (whatsapp, last_sent_at) VALUES (p_whatsapp, p_now);
          RETURN QUERY SELECT 'opened'::text, NULL::timestamptz;
          RETURN;
        END IF;
        RETURN QUERY SELECT 'full'::text,
          (SELECT w.last_sent_at FROM whatsapp_conversations w ORDER BY w.last_sent_at OFFSET GREATEST(v_open - p_cap, 0) LIMIT 1);
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION whatsapp_conversation_release(p_whatsapp varchar, p_opened_at timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM 1 FROM whatsapp_conversation_count WHERE id = 1 FOR UPDATE;
        DELETE FROM whatsapp_conversations WHERE whatsapp = p_whatsapp AND last_sent_at = p_opened_at;
        RETURN FOUND;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION whatsapp_conversation_release(varchar, timestamptz)`);
    await queryRunner.query(`DROP FUNCTION whatsapp_conversation_open(varchar, timestamptz, timestamptz, integer)`);
    await queryRunner.query(`DROP TABLE "whatsapp_conversations"`);
    await queryRunner.query(`DROP FUNCTION whatsapp_conversation_count_apply()`);
    await queryRunner.query(`DROP TABLE "whatsapp_conversation_count"`);
  }
}
