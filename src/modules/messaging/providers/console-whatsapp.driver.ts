import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomToken } from '../../../common/crypto/secrets';
import { OutgoingWhatsAppMessage, SendResult, WhatsAppProvider } from './whatsapp-provider';

export interface ConsoleMessageRecord {
  id: string;
  to: string;
  templateKey: string;
  text: string;
  variables: string[];
  at: string;
}

const KEEP = 200;

/**
 * Development driver: "sends" by printing each message on its own channel (standard output as a
 * framed block, and a file in the data folder), never through the application log, and keeps the
 * recent ones in memory for tests. It refuses to exist in production.
 */
export class ConsoleWhatsAppDriver implements WhatsAppProvider {
  readonly name = 'console';
  readonly needsContentSid = false;
  private readonly recentMessages: ConsoleMessageRecord[] = [];

  constructor(
    nodeEnv: string,
    private readonly logFile: string,
    private readonly out: NodeJS.WritableStream | null = process.stdout,
  ) {
    if (nodeEnv === 'production') throw new Error('The console WhatsApp driver is for development only');
    mkdirSync(dirname(logFile), { recursive: true });
  }

  async send(message: OutgoingWhatsAppMessage): Promise<SendResult> {
    const record: ConsoleMessageRecord = {
      id: 'CON' + randomToken(12),
      to: message.to,
      templateKey: message.templateKey,
      text: message.text,
      variables: message.variables,
      at: new Date().toISOString(),
    };
    this.recentMessages.push(record);
    if (this.recentMessages.length > KEEP) this.recentMessages.shift();

    const block = [
      '┌── WhatsApp (console driver) ─────────────────────────',
      `│ to: ${record.to}   template: ${record.templateKey}   id: ${record.id}`,
      ...record.text.split('\n').map((line) => `│ ${line}`),
      '└──────────────────────────────────────────────────────',
      '',
    ].join('\n');
    appendFileSync(this.logFile, JSON.stringify(record) + '\n', { mode: 0o600 });
    this.out?.write(block);
    return { providerMessageId: record.id, status: 'sent' };
  }

  /** The most recent messages, newest last (tests read login codes from here). */
  recent(): readonly ConsoleMessageRecord[] {
    return this.recentMessages;
  }
}
