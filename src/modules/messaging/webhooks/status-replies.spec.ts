import { describe, expect, it } from '@jest/globals';
import { statusQuestion } from './status-replies';
import { keywordOf } from './whatsapp-events.service';

const ask = (text: string) => statusQuestion(keywordOf(text));

describe('WhatsApp status questions', () => {
  it('reads «حالة» and its common forms as the latest request', () => {
    for (const text of ['حالة', 'الحالة', 'حالة الطلب', 'حالةُ الطلب؟', 'حاله', 'Status', 'حالة طلبي!']) {
      expect(ask(text)).toEqual({ kind: 'latest' });
    }
  });

  it('reads a request number in Western or Arabic-Indic digits, with or without #', () => {
    expect(ask('1024')).toEqual({ kind: 'number', requestNumber: 1024 });
    expect(ask('#1024')).toEqual({ kind: 'number', requestNumber: 1024 });
    expect(ask('#١٠٢٤')).toEqual({ kind: 'number', requestNumber: 1024 });
    expect(ask(' ۱۲ ')).toEqual({ kind: 'number', requestNumber: 12 });
  });

  it('leaves other text to the auto-reply', () => {
    for (const text of ['مرحبا', 'حالة الطقس اليوم', '10 24', 'طلب 12', '', 'إيقاف']) expect(ask(text)).toBeNull();
  });
});
