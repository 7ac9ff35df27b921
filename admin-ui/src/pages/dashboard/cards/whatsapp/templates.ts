import {
  TEMPLATE_KEYS,
  templatePlaceholdersCount,
  type TemplateComplianceResult,
  type TemplateComponent,
  type TemplateInfo,
  type TemplateInfoEntry,
} from '@shared/templates';

export type { TemplateInfo, TemplateInfoEntry };

export interface TemplateRow {
  key: string;
  template: TemplateInfoEntry;
  /** null when the server sent no result for this key. */
  compliance: TemplateComplianceResult | null;
}

export const TEMPLATE_INFO_QUERY_KEY = ['admin', 'template-info'] as const;

const COMPONENT_ORDER = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'];

/** The templates in the product's order (the eight known keys first, then any other, by key). */
export function templateRows(info: Pick<TemplateInfo, 'templates' | 'compliance'> | undefined): TemplateRow[] {
  const templates = info?.templates ?? {};
  const known = TEMPLATE_KEYS.filter((key) => key in templates);
  const others = Object.keys(templates)
    .filter((key) => !(TEMPLATE_KEYS as readonly string[]).includes(key))
    .sort();
  return [...known, ...others].map((key) => ({ key, template: templates[key], compliance: info?.compliance?.[key] ?? null }));
}

/** The components in reading order: header, body, footer, buttons (others after, as sent). */
export function orderedComponents(components: readonly TemplateComponent[] | undefined): TemplateComponent[] {
  const rank = (type: string) => {
    const index = COMPONENT_ORDER.indexOf(type);
    return index === -1 ? COMPONENT_ORDER.length : index;
  };
  return [...(components ?? [])].sort((a, b) => rank(a.type) - rank(b.type));
}

/** Placeholders to fill in a preview: the highest {{n}} in the text, or the stored count when larger. */
export function placeholderCount(template: Pick<TemplateInfoEntry, 'components' | 'placeholdersCount'>): number {
  return Math.max(templatePlaceholdersCount(template.components ?? []), Number(template.placeholdersCount) || 0);
}

/** A piece of a component's text: plain text, or placeholder n with the value put in its place. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'value'; n: number; text: string };

/**
 * Splits a text at its {{n}} placeholders, putting values[n-1] in each (the placeholder itself stays
 * when there is no value), so a preview can mark the filled-in values.
 */
export function fillSegments(text: string, values: readonly string[]): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(/\{\{(\d+)\}\}/g)) {
    const start = match.index ?? 0;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    const n = Number(match[1]);
    const value = values[n - 1];
    segments.push({ kind: 'value', n, text: value === undefined || value === '' ? match[0] : value });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** Splits text into plain parts and {{…}} placeholder tokens (any token, well-formed or not), in order. */
export function splitPlaceholders(text: string): Array<{ text: string; placeholder: boolean }> {
  return text
    .split(/(\{\{[^{}]*\}\})/)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, placeholder: /^\{\{[^{}]*\}\}$/.test(part) }));
}

/** Translation key of a sample value for placeholder n of a template (the preview's example values). */
export function sampleKey(templateKey: string, n: number): string {
  return `app.whatsapp_cards.templates.samples.${templateKey}.v${n}`;
}

/** Translation key of a label when the value is one the app knows, else null (the raw value is shown). */
export function knownLabelKey(group: 'languages' | 'categories' | 'component_types' | 'names', value: string): string | null {
  const known: Record<typeof group, readonly string[]> = {
    languages: ['ar'],
    categories: ['utility', 'authentication', 'marketing'],
    component_types: COMPONENT_ORDER,
    names: TEMPLATE_KEYS,
  };
  return known[group].includes(value) ? `app.whatsapp_cards.templates.${group}.${value}` : null;
}
