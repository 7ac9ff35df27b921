import { describe, expect, it } from '@jest/globals';
import { withMeta } from './site-pages';

const SHELL = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8">
<title>جمعية حفظ النعمة</title>
<meta property="og:title" content="جمعية حفظ النعمة" />
<meta name="description" content="الموقع" />
</head><body><div id="root"></div></body></html>`;

describe('withMeta', () => {
  it("writes a title holding $&, $` and $' as typed (no replacement patterns expanded)", () => {
    const title = "تقرير $& و $` و $' و $$ و $1";
    const html = withMeta(SHELL, { title, description: "وصف $' $&", image: 'https://example.org/a.png' });
    const escaped = 'تقرير $&amp; و $` و $&#39; و $$ و $1';
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(`<meta property="og:image:alt" content="${escaped}" />`);
    expect(html).toContain(`<meta name="description" content="وصف $&#39; $&amp;" />`);
    // The shell around it is intact: one head, one title, the body once.
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html).not.toContain('جمعية حفظ النعمة</title>');
  });
});
