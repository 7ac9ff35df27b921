import { TEMPLATE_BODY_MAX_LENGTH, TEMPLATE_FOOTER_MAX_LENGTH, TEMPLATE_HEADER_MAX_LENGTH } from './constants';

export const TEMPLATE_KEYS = [
  'newRequest',
  'statusUpdate',
  'customMessage',
  'requestConfirmation',
  'verificationCode',
  'securityAlert',
  'inquiryReceived',
  'autoReply',
  'hostCancelled',
  'volunteerOnTheWay',
  'volunteerUpdate',
  'volunteerLink',
  'volunteerAssignment',
  'volunteerUnassigned',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];
export type TemplateCategory = 'utility' | 'authentication';
export type TemplateComponentType = 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';

export interface TemplateComponent {
  type: TemplateComponentType;
  text: string;
  /**
   * A URL button's address (BUTTONS only), relative to the site's public address: '/r/{{7}}' opens
   * `{PUBLIC_BASE_URL}/r/<value of {{7}}>`. WhatsApp lets only the end of the URL vary (a dynamic suffix).
   */
  url?: string;
}

/** Longest text of a template button (WhatsApp's limit). */
export const TEMPLATE_BUTTON_TEXT_MAX_LENGTH = 25;

export interface TemplateComplianceResult {
  isCompliant: boolean;
  issues: string[];
  recommendations: string[];
}

/** One template in GET /api/admin/template-info. */
export interface TemplateInfoEntry {
  name: string;
  language: string;
  category: string;
  contentSid: string | null;
  placeholdersCount: number;
  components: TemplateComponent[];
}

/** GET /api/admin/template-info (the server builds it, the admin app's templates card reads it). */
export interface TemplateInfo {
  totalTemplates: number;
  metaCompliant: number;
  templates: Record<string, TemplateInfoEntry>;
  compliance: Record<string, TemplateComplianceResult>;
  useTemplates: boolean;
  /**
   * The WhatsApp provider in use: Twilio sends a template by its content SID, Meta by its name and
   * language (so the card shows those), the console driver needs neither.
   */
  provider: 'console' | 'twilio' | 'meta';
}

// A well-formed placeholder is {{n}} with n a positive whole number; any {{...}} token is inspected.
const PLACEHOLDER = /\{\{(\d+)\}\}/g;
const ANY_TOKEN = /\{\{([^{}]*)\}\}/g;
const ADJACENT_TOKENS = /\{\{[^{}]*\}\}\s*\{\{[^{}]*\}\}/;
const VALID_NUMBER = /^[1-9]\d*$/;
const RENDER_ORDER: readonly TemplateComponentType[] = ['HEADER', 'BODY', 'FOOTER'];

/** True when the value is one of the eight template keys. */
export function isTemplateKey(value: unknown): value is TemplateKey {
  return typeof value === 'string' && (TEMPLATE_KEYS as readonly string[]).includes(value);
}

/** The texts of a component that may hold placeholders: its text and a URL button's address. */
function placeholderTexts(c: TemplateComponent): string[] {
  return c.url !== undefined ? [c.text, c.url] : [c.text];
}

/** Highest placeholder number used anywhere in the components, URL buttons included (0 when there is none). */
export function templatePlaceholdersCount(components: readonly TemplateComponent[]): number {
  let max = 0;
  for (const c of components) {
    for (const text of placeholderTexts(c)) for (const m of text.matchAll(PLACEHOLDER)) max = Math.max(max, Number(m[1]));
  }
  return max;
}

/** Fills {{n}} with values[n-1]; a placeholder without a value stays visible. */
export function fillPlaceholders(text: string, values: readonly string[]): string {
  return text.replace(PLACEHOLDER, (token, n: string) => {
    const value = values[Number(n) - 1];
    return value === undefined ? token : value;
  });
}

export interface RenderOptions {
  /**
   * The site's public address: URL buttons are then written as a last line «text: address», as a
   * person reading the message as text (the console driver, free text) needs the link. Without it
   * buttons are left out.
   */
  linkBase?: string;
}

/** Fills {{n}} with variables[n-1] and joins HEADER, BODY and FOOTER with blank lines; URL buttons follow when `linkBase` is given. */
export function renderTemplate(
  components: readonly TemplateComponent[],
  variables: readonly string[],
  options: RenderOptions = {},
): string {
  const texts = RENDER_ORDER.flatMap((type) => components.filter((c) => c.type === type)).map((c) =>
    fillPlaceholders(c.text, variables).trim(),
  );
  if (options.linkBase !== undefined) {
    const base = options.linkBase.replace(/\/+$/, '');
    for (const c of components) {
      if (c.type === 'BUTTONS' && c.url) texts.push(`${c.text.trim()}: ${base}${fillPlaceholders(c.url, variables)}`);
    }
  }
  return texts.filter((text) => text !== '').join('\n\n');
}

/** Checks WhatsApp's template rules: one non-empty body, {{n}} numbered from 1 without gaps, none at the body's start or end, none adjacent, lengths 1024/60/60, none in the footer. */
export function checkTemplateCompliance(components: readonly TemplateComponent[]): TemplateComplianceResult {
  const issues: string[] = [];
  const recommendations = new Set<string>();
  const add = (issue: string, recommendation: string): void => {
    issues.push(issue);
    recommendations.add(recommendation);
  };

  const ofType = (type: TemplateComponentType) => components.filter((c) => c.type === type);
  const bodies = ofType('BODY');
  for (const type of ['HEADER', 'BODY', 'FOOTER'] as const) {
    if (ofType(type).length > 1) {
      add(`يحتوي القالب على أكثر من مكوّن من نوع ${type}`, `اجمع نصوص ${type} في مكوّن واحد`);
    }
  }
  if (bodies.length === 0 || bodies.every((b) => b.text.trim() === '')) {
    add('القالب لا يحتوي على نص رئيسي (BODY)', 'أضف نصاً رئيسياً (BODY) يحمل محتوى الرسالة');
  }

  // Numbering: every token is {{n}}, and the numbers used are exactly 1..n.
  const used = new Set<number>();
  for (const c of components) {
    for (const text of placeholderTexts(c)) {
      for (const m of text.matchAll(ANY_TOKEN)) {
        if (VALID_NUMBER.test(m[1])) used.add(Number(m[1]));
        else add(`متغير غير صالح في ${c.type}: ${m[0]}`, 'اكتب المتغيرات بأرقام متتالية فقط بالشكل {{1}} و{{2}} دون مسافات أو أسماء');
      }
    }
  }
  const max = used.size === 0 ? 0 : Math.max(...used);
  const missing: number[] = [];
  for (let n = 1; n <= max; n++) if (!used.has(n)) missing.push(n);
  if (missing.length > 0) {
    add(
      `ترقيم المتغيرات غير متسلسل: المتغيرات المفقودة ${missing.map((n) => `{{${n}}}`).join('، ')}`,
      'رقّم المتغيرات بدءاً من {{1}} دون فجوات في الترقيم',
    );
  }

  for (const body of bodies) {
    const text = body.text.trim();
    if (/^\{\{[^{}]*\}\}/.test(text)) {
      add('النص الرئيسي يبدأ بمتغير', 'ابدأ النص الرئيسي بكلمات ثابتة قبل أول متغير');
    }
    if (/\{\{[^{}]*\}\}$/.test(text)) {
      add('النص الرئيسي ينتهي بمتغير', 'أنهِ النص الرئيسي بكلمات ثابتة أو علامة ترقيم بعد آخر متغير');
    }
    if (body.text.length > TEMPLATE_BODY_MAX_LENGTH) {
      add(
        `طول النص الرئيسي ${body.text.length} حرفاً ويتجاوز الحد الأقصى ${TEMPLATE_BODY_MAX_LENGTH}`,
        `اختصر النص الرئيسي إلى ${TEMPLATE_BODY_MAX_LENGTH} حرف أو أقل`,
      );
    }
  }

  for (const c of components) {
    if (ADJACENT_TOKENS.test(c.text)) {
      add(`يوجد متغيران متجاوران في ${c.type}`, 'افصل بين كل متغيرين بنص ثابت');
    }
  }

  for (const header of ofType('HEADER')) {
    if (header.text.length > TEMPLATE_HEADER_MAX_LENGTH) {
      add(
        `طول العنوان (HEADER) ${header.text.length} حرفاً ويتجاوز الحد الأقصى ${TEMPLATE_HEADER_MAX_LENGTH}`,
        `اختصر العنوان إلى ${TEMPLATE_HEADER_MAX_LENGTH} حرفاً أو أقل`,
      );
    }
  }
  for (const footer of ofType('FOOTER')) {
    if (footer.text.length > TEMPLATE_FOOTER_MAX_LENGTH) {
      add(
        `طول التذييل (FOOTER) ${footer.text.length} حرفاً ويتجاوز الحد الأقصى ${TEMPLATE_FOOTER_MAX_LENGTH}`,
        `اختصر التذييل إلى ${TEMPLATE_FOOTER_MAX_LENGTH} حرفاً أو أقل`,
      );
    }
    if (/\{\{[^{}]*\}\}/.test(footer.text)) {
      add('التذييل (FOOTER) يحتوي على متغير', 'انقل المتغير إلى النص الرئيسي واجعل التذييل نصاً ثابتاً');
    }
  }

  for (const button of ofType('BUTTONS')) checkButton(button, add);

  return { isCompliant: issues.length === 0, issues, recommendations: [...recommendations] };
}

/** WhatsApp's rules for a button: short fixed text; a URL button's address varies only at its end, by one placeholder. */
function checkButton(button: TemplateComponent, add: (issue: string, recommendation: string) => void): void {
  if (button.text.trim() === '') add('زر بلا نص', 'اكتب نص الزر كما يظهر للمستلم');
  if (button.text.length > TEMPLATE_BUTTON_TEXT_MAX_LENGTH) {
    add(
      `طول نص الزر ${button.text.length} حرفاً ويتجاوز الحد الأقصى ${TEMPLATE_BUTTON_TEXT_MAX_LENGTH}`,
      `اختصر نص الزر إلى ${TEMPLATE_BUTTON_TEXT_MAX_LENGTH} حرفاً أو أقل`,
    );
  }
  if (/\{\{[^{}]*\}\}/.test(button.text)) add('نص الزر يحتوي على متغير', 'اجعل نص الزر ثابتاً وضع المتغير في نهاية الرابط');
  if (button.url === undefined) return;
  const tokens = [...button.url.matchAll(ANY_TOKEN)];
  if (!button.url.startsWith('/')) add('رابط الزر لا يبدأ بـ /', 'اكتب رابط الزر مساراً في موقع الجمعية يبدأ بـ /');
  if (tokens.length > 1) add('رابط الزر يحتوي على أكثر من متغير', 'اجعل في رابط الزر متغيراً واحداً فقط');
  if (tokens.length && !/\{\{[^{}]*\}\}$/.test(button.url)) {
    add('متغير رابط الزر ليس في نهايته', 'ضع متغير الرابط في نهايته فقط، كما يسمح واتساب (لاحقة متغيرة)');
  }
}
