import { describe, it, expect } from '@jest/globals';
import {
  checkTemplateCompliance,
  isTemplateKey,
  renderTemplate,
  templatePlaceholdersCount,
  TEMPLATE_KEYS,
  type TemplateComponent,
} from './templates';

const compliant: TemplateComponent[] = [
  { type: 'HEADER', text: 'تحديث حالة الطلب' },
  { type: 'BODY', text: 'مرحباً {{1}}، تم تحديث حالة طلبكم رقم #{{2}} إلى: {{3}}.' },
  { type: 'FOOTER', text: 'لإيقاف الرسائل أرسل: إيقاف' },
];

const body = (text: string): TemplateComponent[] => [{ type: 'BODY', text }];

describe('renderTemplate', () => {
  it('fills placeholders and joins header, body and footer with blank lines', () => {
    expect(renderTemplate(compliant, ['أحمد', '1024', 'مؤكد للاستلام'])).toBe(
      'تحديث حالة الطلب\n\nمرحباً أحمد، تم تحديث حالة طلبكم رقم #1024 إلى: مؤكد للاستلام.\n\nلإيقاف الرسائل أرسل: إيقاف',
    );
  });

  it('orders components header, body, footer and leaves buttons out', () => {
    const components: TemplateComponent[] = [
      { type: 'FOOTER', text: 'تذييل' },
      { type: 'BUTTONS', text: 'نسخ الرمز' },
      { type: 'BODY', text: 'الرمز {{1}} صالح' },
      { type: 'HEADER', text: 'عنوان' },
    ];
    expect(renderTemplate(components, ['123456'])).toBe('عنوان\n\nالرمز 123456 صالح\n\nتذييل');
  });

  it('fills a repeated placeholder each time and never re-reads a filled value', () => {
    expect(renderTemplate(body('أ {{1}} ب {{1}} ج {{2}} د'), ['{{2}}', 'x'])).toBe('أ {{2}} ب {{2}} ج x د');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(renderTemplate(body('أ {{1}} ب {{2}} ج'), ['x'])).toBe('أ x ب {{2}} ج');
  });
});

describe('templatePlaceholdersCount', () => {
  it('gives the highest placeholder number', () => {
    expect(templatePlaceholdersCount(compliant)).toBe(3);
    expect(templatePlaceholdersCount(body('بلا متغيرات'))).toBe(0);
  });
});

describe('checkTemplateCompliance', () => {
  it('accepts a compliant template', () => {
    expect(checkTemplateCompliance(compliant)).toEqual({ isCompliant: true, issues: [], recommendations: [] });
  });

  it('accepts a body without placeholders and a repeated placeholder', () => {
    expect(checkTemplateCompliance(body('شكراً لكم')).isCompliant).toBe(true);
    expect(checkTemplateCompliance(body('أ {{1}} ب {{1}} ج')).isCompliant).toBe(true);
  });

  const failing = (components: TemplateComponent[], issueFragment: string): void => {
    const result = checkTemplateCompliance(components);
    expect(result.isCompliant).toBe(false);
    expect(result.issues.some((i) => i.includes(issueFragment))).toBe(true);
    expect(result.recommendations.length).toBeGreaterThan(0);
    for (const text of [...result.issues, ...result.recommendations]) expect(text).toMatch(/[\u0600-\u06ff]/);
  };

  it('rejects numbering that does not start at 1', () => {
    failing(body('مرحباً {{2}} شكراً'), 'المتغيرات المفقودة {{1}}');
  });

  it('rejects a gap in the numbering', () => {
    failing(body('مرحباً {{1}} رقم {{3}} شكراً'), 'المتغيرات المفقودة {{2}}');
  });

  it('rejects malformed placeholders', () => {
    failing(body('مرحباً {{name}} شكراً'), 'متغير غير صالح');
    failing(body('مرحباً {{0}} شكراً'), 'متغير غير صالح');
    failing(body('مرحباً {{ 1 }} شكراً'), 'متغير غير صالح');
  });

  it('rejects a body that starts with a placeholder', () => {
    failing(body('{{1}} هو رمز التحقق الخاص بك.'), 'يبدأ بمتغير');
    failing(body('  {{1}} هو رمز التحقق'), 'يبدأ بمتغير');
  });

  it('rejects a body that ends with a placeholder', () => {
    failing(body('رمز التحقق الخاص بك هو {{1}}'), 'ينتهي بمتغير');
    failing(body('رمز التحقق الخاص بك هو {{1}}\n'), 'ينتهي بمتغير');
  });

  it('rejects adjacent placeholders', () => {
    failing(body('التاريخ {{1}}{{2}} شكراً'), 'متجاوران');
    failing(body('التاريخ {{1}} {{2}} شكراً'), 'متجاوران');
    failing(body('التاريخ {{1}}\n{{2}} شكراً'), 'متجاوران');
  });

  it('rejects a body over 1024 characters and accepts exactly 1024', () => {
    expect(checkTemplateCompliance(body('ب'.repeat(1024))).isCompliant).toBe(true);
    failing(body('ب'.repeat(1025)), 'الحد الأقصى 1024');
  });

  it('rejects a header over 60 characters', () => {
    expect(checkTemplateCompliance([{ type: 'HEADER', text: 'ع'.repeat(60) }, ...body('نص')]).isCompliant).toBe(true);
    failing([{ type: 'HEADER', text: 'ع'.repeat(61) }, ...body('نص')], 'العنوان (HEADER)');
  });

  it('rejects a footer over 60 characters', () => {
    failing([...body('نص'), { type: 'FOOTER', text: 'ت'.repeat(61) }], 'التذييل (FOOTER) 61');
  });

  it('rejects a placeholder in the footer', () => {
    failing([...body('مرحباً {{1}} شكراً'), { type: 'FOOTER', text: 'الرقم {{2}} هنا' }], 'التذييل (FOOTER) يحتوي على متغير');
  });

  it('rejects a template without a body or with two bodies', () => {
    failing([{ type: 'HEADER', text: 'عنوان' }], 'لا يحتوي على نص رئيسي');
    failing(body('   '), 'لا يحتوي على نص رئيسي');
    failing([...body('أ'), ...body('ب')], 'أكثر من مكوّن من نوع BODY');
  });

  it('reports every problem at once', () => {
    const result = checkTemplateCompliance([
      { type: 'HEADER', text: 'ع'.repeat(61) },
      { type: 'BODY', text: '{{1}}{{3}}' },
      { type: 'FOOTER', text: 'تذييل {{4}}' },
    ]);
    expect(result.isCompliant).toBe(false);
    expect(result.issues.length).toBeGreaterThanOrEqual(6);
  });
});

describe('template keys', () => {
  it('lists the fourteen keys', () => {
    expect(TEMPLATE_KEYS).toHaveLength(14);
    expect(isTemplateKey('autoReply')).toBe(true);
    expect(isTemplateKey('unknown')).toBe(false);
  });
});

describe('URL buttons (the host link)', () => {
  const withLink: TemplateComponent[] = [
    { type: 'BODY', text: 'تم تحديث طلبكم رقم #{{1}}.' },
    { type: 'FOOTER', text: 'لإيقاف الرسائل أرسل: إيقاف' },
    { type: 'BUTTONS', text: 'متابعة الطلب', url: '/r/{{2}}' },
  ];

  it('counts the placeholder of the address and writes the link as a last line when the site address is given', () => {
    expect(templatePlaceholdersCount(withLink)).toBe(2);
    expect(renderTemplate(withLink, ['12', 'tok'])).toBe('تم تحديث طلبكم رقم #12.\n\nلإيقاف الرسائل أرسل: إيقاف');
    expect(renderTemplate(withLink, ['12', 'tok'], { linkBase: 'https://food.example.org/' })).toBe(
      'تم تحديث طلبكم رقم #12.\n\nلإيقاف الرسائل أرسل: إيقاف\n\nمتابعة الطلب: https://food.example.org/r/tok',
    );
  });

  it('accepts a dynamic suffix and refuses a placeholder elsewhere, two placeholders, a foreign address or a long text', () => {
    expect(checkTemplateCompliance(withLink)).toEqual({ isCompliant: true, issues: [], recommendations: [] });
    const button = (b: Partial<TemplateComponent>) => checkTemplateCompliance([withLink[0], { type: 'BUTTONS', text: 'متابعة', ...b }]);
    expect(button({ url: '/r/{{2}}/x' }).issues).toContain('متغير رابط الزر ليس في نهايته');
    expect(button({ url: '/r/{{2}}{{3}}' }).issues).toContain('رابط الزر يحتوي على أكثر من متغير');
    expect(button({ url: 'https://elsewhere.example/{{2}}' }).issues).toContain('رابط الزر لا يبدأ بـ /');
    expect(button({ text: 'زر نصه أطول من خمسة وعشرين حرفاً بكثير', url: '/r/{{2}}' }).isCompliant).toBe(false);
    expect(button({ text: 'طلب {{2}}' }).issues).toContain('نص الزر يحتوي على متغير');
  });

  it('numbers placeholders across the body and the button (a gap is reported)', () => {
    const gap = checkTemplateCompliance([withLink[0], { type: 'BUTTONS', text: 'متابعة', url: '/r/{{3}}' }]);
    expect(gap.issues.join(' ')).toContain('{{2}}');
  });
});
