import { TEMPLATE_KEYS } from '../shared/templates';
import { Reader } from './env-reader';

/** Template key from an environment suffix: NEW_REQUEST or NEWREQUEST → newRequest (matched case-insensitively). */
const TEMPLATE_KEY_NAMES: readonly string[] = TEMPLATE_KEYS;

interface PerTemplateSetting {
  /** One JSON object for every key, e.g. WHATSAPP_CONTENT_SIDS. */
  json: string;
  /** One variable per key, e.g. WHATSAPP_CONTENT_SID_ (then NEW_REQUEST). */
  prefix: string;
  valid: RegExp;
  /** What a valid value looks like, for the problem text ("HX followed by 32 letters or digits"). */
  shape: string;
  /** What the value is, for the problem text ("content SID"). */
  what: string;
  example: string;
}

/** A value per template key, from one JSON variable and/or one variable per key (the latter wins). */
function readPerTemplate(r: Reader, setting: PerTemplateSetting): Record<string, string> {
  const out: Record<string, string> = {};
  const byLower = new Map(TEMPLATE_KEY_NAMES.map((k) => [k.toLowerCase(), k]));
  const accept = (source: string, key: string, value: unknown): void => {
    const known = byLower.get(key.replace(/_/g, '').toLowerCase());
    if (!known) r.problems.push(`${source}: unknown template key "${key}" (known: ${TEMPLATE_KEY_NAMES.join(', ')})`);
    else if (typeof value !== 'string' || !setting.valid.test(value.trim())) {
      r.problems.push(`${source}: the ${setting.what} of ${known} must be ${setting.shape}`);
    } else out[known] = value.trim();
  };
  const json = r.str(setting.json);
  if (json !== undefined) {
    try {
      const parsed: unknown = JSON.parse(json);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      for (const [key, value] of Object.entries(parsed)) accept(setting.json, key, value);
    } catch (error) {
      if (error instanceof SyntaxError || (error as Error).message === 'not an object') {
        r.problems.push(`${setting.json} must be a JSON object such as {"newRequest":"${setting.example}"}`);
      } else throw error;
    }
  }
  for (const [key, value] of r.family(setting.prefix, 'KEY')) accept(setting.prefix + key, key, value);
  return out;
}

/** Twilio's Content SIDs from WHATSAPP_CONTENT_SIDS (JSON) and WHATSAPP_CONTENT_SID_<KEY> variables. */
export function readContentSids(r: Reader): Record<string, string> {
  return readPerTemplate(r, {
    json: 'WHATSAPP_CONTENT_SIDS',
    prefix: 'WHATSAPP_CONTENT_SID_',
    valid: /^HX[0-9a-zA-Z]{32}$/,
    shape: 'HX followed by 32 letters or digits',
    what: 'content SID',
    example: 'HX...',
  });
}

/**
 * Template names as approved in Meta's WhatsApp Manager, from WHATSAPP_TEMPLATE_NAMES (JSON) and
 * WHATSAPP_TEMPLATE_NAME_<KEY>; a key left out uses the product's own name (whatsapp-templates.ts).
 * Meta allows lower-case letters, digits and underscores (kept to the 100 the column holds).
 */
export function readTemplateNames(r: Reader): Record<string, string> {
  return readPerTemplate(r, {
    json: 'WHATSAPP_TEMPLATE_NAMES',
    prefix: 'WHATSAPP_TEMPLATE_NAME_',
    valid: /^[a-z0-9_]{1,100}$/,
    shape: 'lower-case letters, digits and underscores (as in WhatsApp Manager)',
    what: 'template name',
    example: 'new_collection_request',
  });
}
