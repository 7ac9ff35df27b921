import type { TemplateComponent, TemplateComponentType } from '@shared/templates';

/**
 * The five auto-reply variables, in the order of the approved template's placeholders:
 * {{1}} website, {{2}} hours, {{3}} area, {{4}} phone1, {{5}} phone2 (the server's autoReply template).
 */
export const AUTO_REPLY_VARIABLES = ['website', 'hours', 'area', 'phone1', 'phone2'] as const;
export type AutoReplyVariable = (typeof AUTO_REPLY_VARIABLES)[number];
export type AutoReplyValues = Record<AutoReplyVariable, string>;

/** A piece of the preview: approved fixed text, or one of the editable variables. */
export type PreviewSegment =
  { kind: 'fixed'; text: string } | { kind: 'variable'; variable: AutoReplyVariable; text: string; empty: boolean };

export interface PreviewBlock {
  type: Exclude<TemplateComponentType, 'BUTTONS'>;
  segments: PreviewSegment[];
}

const BLOCK_ORDER = ['HEADER', 'BODY', 'FOOTER'] as const;
const PLACEHOLDER = /\{\{(\d+)\}\}/g;

/** The variable a placeholder number stands for, or null when the template has a number we do not know. */
export function placeholderVariable(n: number): AutoReplyVariable | null {
  return Number.isInteger(n) && n >= 1 && n <= AUTO_REPLY_VARIABLES.length ? AUTO_REPLY_VARIABLES[n - 1] : null;
}

/** Splits one component's text into fixed and variable segments (values trimmed, as the server stores them). */
function splitText(text: string, values: Partial<AutoReplyValues>): PreviewSegment[] {
  const segments: PreviewSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ kind: 'fixed', text: text.slice(last, index) });
    const variable = placeholderVariable(Number(match[1]));
    if (variable) {
      const value = (values[variable] ?? '').trim();
      segments.push({ kind: 'variable', variable, text: value, empty: value === '' });
    } else {
      segments.push({ kind: 'fixed', text: match[0] });
    }
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'fixed', text: text.slice(last) });
  return segments;
}

/** Trims the block's outer whitespace (as renderTemplate trims each component) and drops empty fixed pieces. */
function trimBlock(segments: PreviewSegment[]): PreviewSegment[] {
  const out = segments.map((s) => ({ ...s }));
  const first = out[0];
  if (first?.kind === 'fixed') first.text = first.text.trimStart();
  const lastSegment = out[out.length - 1];
  if (lastSegment?.kind === 'fixed') lastSegment.text = lastSegment.text.trimEnd();
  return out.filter((s) => s.kind === 'variable' || s.text !== '');
}

/**
 * The auto-reply as the recipient will read it, split into blocks (header, body, footer, in that
 * order; buttons are not text) of fixed and variable segments, so the screen can protect the fixed
 * text and highlight the variables. An empty variable stays as a segment marked `empty`.
 */
export function previewBlocks(components: readonly TemplateComponent[], values: Partial<AutoReplyValues>): PreviewBlock[] {
  return BLOCK_ORDER.flatMap((type) => components.filter((c) => c.type === type))
    .map((c) => ({ type: c.type as PreviewBlock['type'], segments: trimBlock(splitText(c.text, values)) }))
    .filter((block) => block.segments.length > 0);
}

/** The plain text of the preview (blocks separated by a blank line), as renderTemplate would produce it. */
export function previewText(blocks: readonly PreviewBlock[]): string {
  return blocks.map((b) => b.segments.map((s) => s.text).join('')).join('\n\n');
}
