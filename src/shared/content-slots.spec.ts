import { describe, expect, it } from '@jest/globals';
import { contentSlot, contentValues, fillContentSlots, hasBrokenSlots } from './content-slots';

describe('content slots in the pre-rendered pages', () => {
  const page = (title: string, alt: string) => `<h1>${title}</h1><img alt="${alt}"><p>${contentSlot('hero_subtitle', 'نص &amp; بديل')}</p>`;

  it("fills each slot with the charity's text, escaped for text and attributes", () => {
    const html = page(contentSlot('hero_title', 'العنوان'), contentSlot('charity_name', 'الجمعية'));
    const values = new Map([
      ['hero_title', 'فائض <مناسبتك> & "فرحتك"'],
      ['charity_name', "جمعية 'حفظ' النعمة"],
    ]);
    expect(fillContentSlots(html, values)).toBe(
      '<h1>فائض &lt;مناسبتك&gt; &amp; &quot;فرحتك&quot;</h1><img alt="جمعية &#39;حفظ&#39; النعمة"><p>نص &amp; بديل</p>',
    );
  });

  it('keeps the built-in text of a key without a value', () => {
    expect(fillContentSlots(page(contentSlot('hero_title', 'العنوان'), 'x'), new Map())).toBe(
      '<h1>العنوان</h1><img alt="x"><p>نص &amp; بديل</p>',
    );
  });

  it('finds a slot a component cut or changed', () => {
    const slot = contentSlot('hero_title', 'العنوان');
    expect(hasBrokenSlots(`<h1>${slot}</h1>`)).toBe(false);
    expect(hasBrokenSlots(`<h1>${slot.slice(0, 6)}</h1>`)).toBe(true);
    expect(hasBrokenSlots(`<h1>${slot.toUpperCase()}</h1>`)).toBe(true);
  });

  it('reads the content as the public site does: trimmed, empty values left to the built-in text', () => {
    const values = contentValues([
      { key: 'hero_title', value: '  عنوان  ' },
      { key: 'contact_email', value: '' },
      { key: 'license_number', value: null },
    ]);
    expect([...values]).toEqual([['hero_title', 'عنوان']]);
  });
});
