import { describe, expect, it } from '@jest/globals';
import { DomainException } from '../../../common/errors/domain.exception';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_META } from '../../../../test/support/test-service';
import { RequestCreationService } from '../creation/request-creation.service';
import { RequestIdempotency } from './request-idempotency';
import { PublicRequestsService } from './public-requests.service';

// The public form's entry: its source, and what a repeated Idempotency-Key answers when the rules refuse.

const FIRST = { id: 501, status: 'received' as const, message: 'تم إرسال طلبك بنجاح، وسيتواصل معك فريقنا خلال ساعتين' };
const CLAIM = { keyHash: 'key', bodyHash: 'body' };

function setup() {
  const t = newTestService(PublicRequestsService);
  const creation = t.mock(RequestCreationService);
  const idempotency = t.mock(RequestIdempotency);
  idempotency.prepare.mockReturnValue(CLAIM);
  return { ...t, creation, idempotency };
}

describe('PublicRequestsService.submit', () => {
  it('creates the request through the one creation path as coming from the public form, with its key', async () => {
    const t = setup();
    t.creation.create.mockResolvedValue(FIRST);
    expect(await t.sut.submit({ eventType: 'wedding' }, TEST_META, 'k-1')).toEqual(FIRST);
    expect(t.idempotency.prepare).toHaveBeenCalledWith('k-1', { eventType: 'wedding' });
    expect(t.creation.create).toHaveBeenCalledWith({ eventType: 'wedding' }, { source: 'public_form', meta: TEST_META }, CLAIM);
  });

  it('answers a repeat the rules would now refuse (the site switched off, the lead time passed) with its first answer', async () => {
    const t = setup();
    t.creation.create.mockRejectedValue(new DomainException(503, 'SITE_BLOCKED'));
    t.idempotency.earlierAnswer.mockResolvedValue(FIRST);
    expect(await t.sut.submit({}, TEST_META, 'k-1')).toEqual(FIRST);
  });

  it('passes the refusal on when the key has no earlier answer, or when no key was sent', async () => {
    const t = setup();
    t.creation.create.mockRejectedValue(new DomainException(409, 'DUPLICATE_REQUEST'));
    t.idempotency.earlierAnswer.mockResolvedValue(null);
    expect((await refusal(t.sut.submit({}, TEST_META, 'k-1'))).code).toBe('DUPLICATE_REQUEST');

    t.idempotency.prepare.mockReturnValue(null);
    t.idempotency.earlierAnswer.mockClear();
    expect((await refusal(t.sut.submit({}, TEST_META))).code).toBe('DUPLICATE_REQUEST');
    expect(t.idempotency.earlierAnswer).not.toHaveBeenCalled();
  });

  it('never hides a failure that is not a refusal behind an earlier answer', async () => {
    const t = setup();
    t.creation.create.mockRejectedValue(new Error('connection reset'));
    t.idempotency.earlierAnswer.mockResolvedValue(FIRST);
    await expect(t.sut.submit({}, TEST_META, 'k-1')).rejects.toThrow('connection reset');
  });
});
