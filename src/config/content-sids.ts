import { TEMPLATE_KEYS } from '../shared/templates';
import { Reader } from './env-reader';

const CONTENT_SID_PREFIX = 'WHATSAPP_CONTENT_SID_';

/** Template key from an environment suffix: NEW_REQUEST or NEWREQUEST → newRequest (matched case-insensitively). */
const TEMPLATE_KEY_NAMES: readonly string[] = TEMPLATE_KEYS;

/** Content SIDs from WHATSAPP_CONTENT_SIDS (JSON) and WHATSAPP_CONTENT_SID_<KEY> variables. */
export function readContentSids(r: Reader): Record<string, string> {
  const out: Record<string, string> = {};
  const byLower = new Map(TEMPLATE_KEY_NAMES.map((k) => [k.toLowerCase(), k]));
  const accept = (source: string, key: string, value: unknown): void => {
    const known = byLower.get(key.replace(/_/g, '').toLowerCase());
    if (!known) r.problems.push(`${source}: unknown template key "${key}" (known: ${TEMPLATE_KEY_NAMES.join(', ')})`);
    else if (typeof value !== 'string' || !/^HX[0-9a-zA-Z]{32}$/.test(value.trim())) {
      r.problems.push(`${source}: the content SID of ${known} must be HX followed by 32 letters or digits`);
    } else out[known] = value.trim();
  };
  const json = r.str('WHATSAPP_CONTENT_SIDS');
  if (json !== undefined) {
    try {
      const parsed: unknown = JSON.parse(json);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      for (const [key, value] of Object.entries(parsed)) accept('WHATSAPP_CONTENT_SIDS', key, value);
    } catch (error) {
      if (error instanceof SyntaxError || (error as Error).message === 'not an object') {
        r.problems.push('WHATSAPP_CONTENT_SIDS must be a JSON object such as {"newRequest":"HX..."}');
      } else throw error;
    }
  }
  for (const [key, value] of r.family(CONTENT_SID_PREFIX, 'KEY')) accept(CONTENT_SID_PREFIX + key, key, value);
  return out;
}
