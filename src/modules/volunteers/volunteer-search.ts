import { DomainException } from '../../common/errors/domain.exception';
import { LIST_QUERY_MESSAGES } from '../../common/http/list-query';
import { toWesternDigits } from '../../shared/digits';
import type { VolunteerSearch } from './volunteers.repository';

/**
 * The list's filter as react-admin sends it: `q` (part of a name, or of the number in any written form),
 * `active` (true/false) and `area` (a simple_areas value). Anything else of the wrong type is a 400.
 */
export function volunteerSearch(filter: Partial<Record<'q' | 'active' | 'area', unknown>>): Omit<VolunteerSearch, 'ids'> {
  const bad = () => DomainException.validation({ filter: LIST_QUERY_MESSAGES.filter });
  const search: Omit<VolunteerSearch, 'ids'> = {};
  if (filter.q !== undefined) {
    if (typeof filter.q !== 'string' || filter.q.length > 100) throw bad();
    const text = filter.q.trim();
    const digits = toWesternDigits(text).replace(/\D/g, '');
    if (text) search.text = text;
    // 05… and +9665… spell the same number: the stored form has no leading zero.
    if (digits.length >= 3 && digits.length === toWesternDigits(text).replace(/[\s+-]/g, '').length)
      search.digits = digits.replace(/^0/, '');
  }
  if (filter.active !== undefined) {
    if (typeof filter.active !== 'boolean') throw bad();
    search.active = filter.active;
  }
  if (filter.area !== undefined) {
    if (typeof filter.area !== 'string' || filter.area.length > 100) throw bad();
    search.area = filter.area;
  }
  return search;
}
