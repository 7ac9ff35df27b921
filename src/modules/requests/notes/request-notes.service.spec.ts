import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_META, TEST_NOW } from '../../../../test/support/test-service';
import { RequestNotesRepository } from './request-notes.repository';
import { RequestNotesService } from './request-notes.service';

function setup(requestExists = true) {
  const t = newTestService(RequestNotesService);
  const notes = t.mock(RequestNotesRepository);
  notes.requestExists.mockResolvedValue(requestExists);
  notes.insert.mockImplementation(async (_tx, note) => ({ ...note, id: 41, createdAt: note.createdAt.toISOString() }));
  return { ...t, notes };
}

describe('RequestNotesService.add', () => {
  it('keeps the trimmed text with its author and time, and logs who wrote it but not what', async () => {
    const t = setup();
    const note = await t.sut.add(7, '  اتصل بالقاعة قبل الوصول  ', admin, TEST_META);
    expect(note).toEqual({
      id: 41,
      requestId: 7,
      text: 'اتصل بالقاعة قبل الوصول',
      authorUsername: 'huda',
      createdAt: TEST_NOW.toISOString(),
    });
    expect(t.activity.entries).toEqual([
      {
        action: 'request_note_added',
        entityType: 'request',
        entityId: 7,
        userId: 3,
        ipAddress: '10.0.0.5',
        userAgent: 'tablet',
        metadata: { by: 'huda', noteId: 41 },
      },
    ]);
    expect(JSON.stringify(t.activity.entries)).not.toContain('القاعة');
    // A note is never sent to the host.
    expect(t.uow.sent).toEqual([]);
  });

  it.each([
    ['   ', 'اكتب نص الملاحظة'],
    ['ن'.repeat(1001), 'الملاحظة يجب ألا تتجاوز 1000 حرف'],
  ])('refuses %#: an empty or overlong note, naming the text field, and writes nothing', async (text, message) => {
    const t = setup();
    const error = await refusal(t.sut.add(7, text, admin));
    expect([error.status, error.code, error.message]).toEqual([400, 'VALIDATION_FAILED', message]);
    expect(error.options.errors).toEqual({ text: message });
    expect(t.notes.insert).not.toHaveBeenCalled();
    expect(t.uow.commits).toBe(0);
  });

  it('answers 404 for a request that does not exist, with no note and no activity row', async () => {
    const t = setup(false);
    const error = await refusal(t.sut.add(999, 'ملاحظة', admin));
    expect([error.status, error.message]).toEqual([404, 'الطلب غير موجود']);
    expect(t.notes.insert).not.toHaveBeenCalled();
    expect(t.activity.entries).toEqual([]);
  });
});
