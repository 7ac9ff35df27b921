import { Injectable } from '@nestjs/common';
import { renderTemplate, TemplateCategory, TemplateComponent } from '../../../shared/templates';
import { TemplatesRepository } from './templates.repository';
import { WHATSAPP_TEMPLATES, WhatsAppTemplateSeed } from './whatsapp-templates';

export interface TemplateDefinition {
  key: string;
  variables: readonly string[];
  components: readonly TemplateComponent[];
  contentSid: string | null;
  /** The name approved with WhatsApp (Meta sends templates by name), its language and category. */
  name: string;
  language: string;
  category: TemplateCategory;
}

const SECRET_MASK = '••••••';
/** A stored template is read at most this often per key: an edit applies within a second, without a query per message. */
const FRESH_MS = 1000;

/**
 * The eight message templates: their variable names come from code (they are part of the program),
 * their components and content SIDs from assurance_templates (seeded from code and configuration).
 */
@Injectable()
export class TemplateRegistry {
  private readonly byKey = new Map<string, WhatsAppTemplateSeed>(WHATSAPP_TEMPLATES.map((t) => [t.key, t]));
  private readonly stored = new Map<string, { template: TemplateDefinition; at: number }>();

  constructor(private readonly rows: TemplatesRepository) {}

  definition(key: string): WhatsAppTemplateSeed {
    const found = this.byKey.get(key);
    if (!found) throw new Error(`Unknown WhatsApp template "${key}"`);
    return found;
  }

  /** The stored template (components and content SID may have been updated from configuration). */
  async load(key: string): Promise<TemplateDefinition> {
    const seed = this.definition(key);
    const cached = this.stored.get(key);
    if (cached && Date.now() - cached.at < FRESH_MS) return cached.template;
    const row = await this.rows.find(key);
    const components =
      Array.isArray(row?.components) && row!.components.length ? (row!.components as TemplateComponent[]) : seed.components;
    const template: TemplateDefinition = {
      key,
      variables: seed.variables,
      components,
      contentSid: row?.contentSid ?? null,
      name: row?.name ?? seed.name,
      language: row?.language ?? seed.language,
      // The category is part of the program (an authentication template is sent differently).
      category: seed.category,
    };
    this.stored.set(key, { template, at: Date.now() });
    return template;
  }

  /**
   * Turns named values into the provider's positional variables ({"1": …}); secret values go to a
   * separate map so they can be stored encrypted.
   */
  positional(
    template: Pick<WhatsAppTemplateSeed, 'key' | 'variables'>,
    values: Record<string, string | number>,
    secrets: Record<string, string>,
  ): { contentVariables: Record<string, string>; secretPositions: Record<string, string> } {
    const contentVariables: Record<string, string> = {};
    const secretPositions: Record<string, string> = {};
    template.variables.forEach((name, index) => {
      const position = String(index + 1);
      if (name in secrets) secretPositions[position] = String(secrets[name]);
      else if (name in values) contentVariables[position] = String(values[name]);
      else throw new Error(`Template "${template.key}" needs a value for "${name}"`);
    });
    return { contentVariables, secretPositions };
  }

  /** Variable values in order, secrets included (for the provider) or masked (for logs). */
  ordered(
    template: Pick<TemplateDefinition, 'variables'>,
    contentVariables: Record<string, unknown> | null,
    secretPositions: Record<string, string>,
    mask: boolean,
  ): string[] {
    return template.variables.map((_name, index) => {
      const position = String(index + 1);
      if (position in secretPositions) return mask ? SECRET_MASK : secretPositions[position];
      return String(contentVariables?.[position] ?? '');
    });
  }

  render(template: Pick<TemplateDefinition, 'components'>, ordered: string[]): string {
    return renderTemplate(template.components, ordered);
  }
}
