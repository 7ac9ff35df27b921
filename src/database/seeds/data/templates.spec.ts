import { describe, it, expect } from '@jest/globals';
import { checkTemplateCompliance, renderTemplate, TEMPLATE_KEYS, templatePlaceholdersCount } from '../../../shared/templates';
import { AUTO_REPLY_SETTING_KEYS } from './settings';
import { templateSeed, WHATSAPP_TEMPLATES } from './templates';

describe('seeded WhatsApp templates', () => {
  it('has exactly the template keys, once each', () => {
    expect(WHATSAPP_TEMPLATES.map((t) => t.key).sort()).toEqual([...TEMPLATE_KEYS].sort());
  });

  it.each(WHATSAPP_TEMPLATES.map((t) => [t.key, t] as const))('%s passes the compliance check', (_key, t) => {
    expect(checkTemplateCompliance(t.components)).toEqual({ isCompliant: true, issues: [], recommendations: [] });
  });

  it.each(WHATSAPP_TEMPLATES.map((t) => [t.key, t] as const))('%s declares its placeholders and variables', (_key, t) => {
    expect(templatePlaceholdersCount(t.components)).toBe(t.placeholdersCount);
    expect(t.variables).toHaveLength(t.placeholdersCount);
    expect(new Set(t.variables).size).toBe(t.variables.length);
    for (const secret of t.secretVariables) expect(t.variables).toContain(secret);
    expect(t.name).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(t.language).toBe('ar');
    expect(t.components.find((c) => c.type === 'BODY')?.text).toMatch(/[\u0600-\u06ff]/);
  });

  it('has unique registered names', () => {
    expect(new Set(WHATSAPP_TEMPLATES.map((t) => t.name)).size).toBe(WHATSAPP_TEMPLATES.length);
  });

  it('marks only verificationCode as authentication, mentioning the 5-minute validity', () => {
    const auth = WHATSAPP_TEMPLATES.filter((t) => t.category === 'authentication').map((t) => t.key);
    expect(auth).toEqual(['verificationCode']);
    const rendered = renderTemplate(templateSeed('verificationCode').components, ['482913']);
    expect(rendered).toContain('482913');
    expect(rendered).toContain('5 دقائق');
    expect(templateSeed('verificationCode').secretVariables).toEqual(['code']);
  });

  it('gives autoReply the five variables in order, matching the settings keys', () => {
    const t = templateSeed('autoReply');
    expect(t.variables).toEqual(['website', 'hours', 'area', 'phone1', 'phone2']);
    expect(AUTO_REPLY_SETTING_KEYS.map((k) => k.replace('auto_reply_', ''))).toEqual(t.variables);
  });

  it('renders a request confirmation with every value in place', () => {
    const text = renderTemplate(templateSeed('requestConfirmation').components, [
      'أحمد',
      '1024',
      'حفل زواج',
      '12 ديسمبر 2026م (3 رجب 1448هـ)',
      '23:30',
      'قاعة المناسبات',
    ]);
    expect(text).toContain('#1024');
    expect(text).toContain('حفل زواج');
    expect(text).not.toMatch(/\{\{\d+\}\}/);
  });

  it('throws for an unknown key', () => {
    expect(() => templateSeed('nope' as never)).toThrow();
  });
});
