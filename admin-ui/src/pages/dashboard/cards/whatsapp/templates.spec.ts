import { describe, expect, it } from '@jest/globals';
import {
  fillSegments,
  splitPlaceholders,
  knownLabelKey,
  orderedComponents,
  placeholderCount,
  sampleKey,
  templateRows,
  type TemplateInfoEntry,
} from './templates';

const entry = (name: string, components: TemplateInfoEntry['components'] = []): TemplateInfoEntry => ({
  name,
  language: 'ar',
  category: 'utility',
  contentSid: null,
  placeholdersCount: 0,
  components,
});

describe('WhatsApp templates (dashboard card)', () => {
  it("lists the templates in the product's order, unknown keys last, with their compliance", () => {
    const ok = { isCompliant: true, issues: [], recommendations: [] };
    const rows = templateRows({
      templates: { zeta: entry('z'), autoReply: entry('auto_reply'), newRequest: entry('new_collection_request') },
      compliance: { newRequest: ok },
    });
    expect(rows.map((r) => r.key)).toEqual(['newRequest', 'autoReply', 'zeta']);
    expect(rows[0].compliance).toBe(ok);
    expect(rows[1].compliance).toBeNull();
    expect(templateRows(undefined)).toEqual([]);
  });

  it('orders components header, body, footer, buttons', () => {
    const sorted = orderedComponents([
      { type: 'BUTTONS', text: 'نسخ' },
      { type: 'FOOTER', text: 'ت' },
      { type: 'BODY', text: 'ن' },
      { type: 'HEADER', text: 'ع' },
    ]);
    expect(sorted.map((c) => c.type)).toEqual(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);
    expect(orderedComponents(undefined)).toEqual([]);
  });

  it('counts the placeholders to fill from the text or the stored count', () => {
    expect(placeholderCount({ components: [{ type: 'BODY', text: 'مرحباً {{1}} رقم {{3}}.' }], placeholdersCount: 2 })).toBe(3);
    expect(placeholderCount({ components: [{ type: 'BODY', text: 'نص' }], placeholdersCount: 2 })).toBe(2);
  });

  it('fills the placeholders and marks the values', () => {
    expect(fillSegments('مرحباً {{1}}، طلبكم #{{2}}.', ['محمد', '125'])).toEqual([
      { kind: 'text', text: 'مرحباً ' },
      { kind: 'value', n: 1, text: 'محمد' },
      { kind: 'text', text: '، طلبكم #' },
      { kind: 'value', n: 2, text: '125' },
      { kind: 'text', text: '.' },
    ]);
    expect(fillSegments('{{1}}{{4}}', ['أ'])).toEqual([
      { kind: 'value', n: 1, text: 'أ' },
      { kind: 'value', n: 4, text: '{{4}}' },
    ]);
    expect(fillSegments('بلا متغيرات', [])).toEqual([{ kind: 'text', text: 'بلا متغيرات' }]);
    expect(fillSegments('', [])).toEqual([]);
  });

  it('splits text at its placeholder tokens', () => {
    expect(splitPlaceholders('مرحباً {{1}}، رقم {{ x }}.')).toEqual([
      { text: 'مرحباً ', placeholder: false },
      { text: '{{1}}', placeholder: true },
      { text: '، رقم ', placeholder: false },
      { text: '{{ x }}', placeholder: true },
      { text: '.', placeholder: false },
    ]);
    expect(splitPlaceholders('{{1}}')).toEqual([{ text: '{{1}}', placeholder: true }]);
    expect(splitPlaceholders('')).toEqual([]);
  });

  it('names translation keys for samples and known labels only', () => {
    expect(sampleKey('newRequest', 3)).toBe('app.whatsapp_cards.templates.samples.newRequest.v3');
    expect(knownLabelKey('categories', 'authentication')).toBe('app.whatsapp_cards.templates.categories.authentication');
    expect(knownLabelKey('categories', 'other')).toBeNull();
    expect(knownLabelKey('languages', 'ar')).toBe('app.whatsapp_cards.templates.languages.ar');
    expect(knownLabelKey('languages', 'en')).toBeNull();
    expect(knownLabelKey('component_types', 'BODY')).toBe('app.whatsapp_cards.templates.component_types.BODY');
    expect(knownLabelKey('names', 'verificationCode')).toBe('app.whatsapp_cards.templates.names.verificationCode');
  });
});
