import { describe, expect, it } from '@jest/globals';
import { templateSeed } from '../../../../src/database/seeds/data/templates';
import { renderTemplate, type TemplateComponent } from '@shared/templates';
import { AUTO_REPLY_VARIABLES, placeholderVariable, previewBlocks, previewText, type AutoReplyValues } from './autoReplyPreview';

const VALUES: AutoReplyValues = {
  website: 'https://hifz.example',
  hours: 'على مدار أيام الأسبوع',
  area: 'ينبع ومراكزها',
  phone1: '0551234567',
  phone2: '0557654321',
};

describe('the auto-reply variables', () => {
  it('follow the order of the server template’s placeholders', () => {
    expect(templateSeed('autoReply').variables).toEqual([...AUTO_REPLY_VARIABLES]);
    expect(placeholderVariable(1)).toBe('website');
    expect(placeholderVariable(5)).toBe('phone2');
    expect(placeholderVariable(0)).toBeNull();
    expect(placeholderVariable(6)).toBeNull();
  });
});

describe('previewBlocks', () => {
  const components = templateSeed('autoReply').components;

  it('renders the same text as the server (renderTemplate) for the approved template', () => {
    const blocks = previewBlocks(components, VALUES);
    expect(previewText(blocks)).toBe(
      renderTemplate(
        components,
        AUTO_REPLY_VARIABLES.map((k) => VALUES[k]),
      ),
    );
    expect(blocks.map((b) => b.type)).toEqual(['BODY', 'FOOTER']);
  });

  it('marks each variable once, in order, and keeps everything else as fixed text', () => {
    const [body, footer] = previewBlocks(components, VALUES);
    const variables = body.segments.filter((s) => s.kind === 'variable');
    expect(variables.map((s) => (s.kind === 'variable' ? s.variable : null))).toEqual([...AUTO_REPLY_VARIABLES]);
    expect(variables.map((s) => s.text)).toEqual(AUTO_REPLY_VARIABLES.map((k) => VALUES[k]));
    expect(body.segments[0]).toEqual({ kind: 'fixed', text: expect.stringContaining('شكراً لتواصلكم معنا') });
    expect(footer.segments).toEqual([{ kind: 'fixed', text: 'لإيقاف الرسائل أرسل كلمة: إيقاف' }]);
    // No placeholder is left in the fixed text.
    expect(body.segments.some((s) => s.kind === 'fixed' && /\{\{/.test(s.text))).toBe(false);
  });

  it('trims values and marks empty ones instead of dropping them', () => {
    const [body] = previewBlocks(components, { ...VALUES, area: '   ', website: '  https://a.example  ' });
    const area = body.segments.find((s) => s.kind === 'variable' && s.variable === 'area');
    expect(area).toEqual({ kind: 'variable', variable: 'area', text: '', empty: true });
    const website = body.segments.find((s) => s.kind === 'variable' && s.variable === 'website');
    expect(website).toMatchObject({ text: 'https://a.example', empty: false });
  });

  it('orders header, body and footer, skips buttons and empty components, trims block edges', () => {
    const custom: TemplateComponent[] = [
      { type: 'FOOTER', text: ' تذييل ' },
      { type: 'BUTTONS', text: 'زر' },
      { type: 'BODY', text: '  الموقع: {{1}} والرقم {{9}}.  ' },
      { type: 'HEADER', text: '   ' },
    ];
    const blocks = previewBlocks(custom, { website: 'س' });
    expect(blocks).toEqual([
      {
        type: 'BODY',
        segments: [
          { kind: 'fixed', text: 'الموقع: ' },
          { kind: 'variable', variable: 'website', text: 'س', empty: false },
          { kind: 'fixed', text: ' والرقم ' },
          { kind: 'fixed', text: '{{9}}' },
          { kind: 'fixed', text: '.' },
        ],
      },
      { type: 'FOOTER', segments: [{ kind: 'fixed', text: 'تذييل' }] },
    ]);
  });

  it('handles a body that starts and ends with a variable', () => {
    const blocks = previewBlocks([{ type: 'BODY', text: '{{2}} - {{3}}' }], { hours: 'أ', area: '' });
    expect(blocks[0].segments).toEqual([
      { kind: 'variable', variable: 'hours', text: 'أ', empty: false },
      { kind: 'fixed', text: ' - ' },
      { kind: 'variable', variable: 'area', text: '', empty: true },
    ]);
  });
});
