import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../../../database/prepared';

/** 'open': already in a conversation; 'opened': a new one booked; 'full': no place (frees when `freesAt`'s conversation ends). */
export type ConversationBooking = { outcome: 'open' | 'opened'; freesAt: null } | { outcome: 'full'; freesAt: Date | null };

/**
 * The business-initiated conversations of the last 24 hours (whatsapp_conversations, counted in
 * whatsapp_conversation_count by triggers; migration WhatsappConversations). Each call is one
 * statement whose cost does not grow with the day's messages: an expiry of what left the window,
 * a primary-key look-up, the one-row count.
 */
@Injectable()
export class ConversationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Books a conversation with this number at `now` unless `cap` people were messaged since `since`. */
  async book(whatsapp: string, now: Date, since: Date, cap: number): Promise<ConversationBooking> {
    const [row] = await preparedQuery<{ outcome: ConversationBooking['outcome']; frees_at: Date | null }>(
      this.db,
      'SELECT outcome, frees_at FROM whatsapp_conversation_open($1, $2, $3, $4)',
      [whatsapp, now, since, cap],
    );
    return row.outcome === 'full' ? { outcome: 'full', freesAt: row.frees_at } : { outcome: row.outcome, freesAt: null };
  }

  /** Gives back the conversation booked at `openedAt` (the provider took nothing), unless a later message moved it on. */
  async release(whatsapp: string, openedAt: Date): Promise<boolean> {
    const [row] = await preparedQuery<{ released: boolean }>(this.db, 'SELECT whatsapp_conversation_release($1, $2) AS released', [
      whatsapp,
      openedAt,
    ]);
    return row.released;
  }
}
