import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
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

  /** The site's public address, which URL buttons' paths are relative to (siteLink). */
  readonly linkBase: string;

  constructor(
    private readonly rows: TemplatesRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.linkBase = siteBase(config);
  }

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

  /** The text a person reads: header, body, footer and the URL buttons' links (for text sends and logs). */
  render(template: Pick<TemplateDefinition, 'components'>, ordered: string[]): string {
    return renderTemplate(template.components, ordered, { linkBase: this.linkBase });
  }

  /**
   * A free-text body holds a secret (a link's token) as its placeholder {{n}} (see sealBody); this puts
   * the value back for the provider, or the mask for logs. Only secret positions are filled: a body an
   * administrator wrote with "{{1}}" in it stays as written.
   */
  fillBody(body: string, secretPositions: Record<string, string>, mask: boolean): string {
    return body.replace(/\{\{(\d+)\}\}/g, (token, n: string) => (n in secretPositions ? (mask ? SECRET_MASK : secretPositions[n]) : token));
  }

  /** The body as stored: each secret value replaced by its placeholder, so no secret is kept in clear. */
  sealBody(body: string, secretPositions: Record<string, string>): string {
    let sealed = body;
    for (const [position, value] of Object.entries(secretPositions)) {
      if (value.length >= MIN_SEALED_LENGTH) sealed = sealed.split(value).join(`{{${position}}}`);
    }
    return sealed;
  }
}

/** Secrets shorter than this are not looked for in bodies (a 6-digit code could match other digits). */
const MIN_SEALED_LENGTH = 16;

/** The site's public address: PUBLIC_BASE_URL, or this process's own address in development. */
export function siteBase(config: Pick<AppConfig, 'whatsapp' | 'port'>): string {
  return config.whatsapp.publicBaseUrl ?? `http://localhost:${config.port}`;
}
