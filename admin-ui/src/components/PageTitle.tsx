import { useEffect } from 'react';
import { Title, useTranslate } from 'react-admin';

/**
 * Sets the page name in the app bar (react-admin's <Title>) and in the browser tab.
 * `title` is a translation key from ar.ts.
 */
export const PageTitle = ({ title }: { title: string }) => {
  const translate = useTranslate();
  const text = translate(title);
  useEffect(() => {
    document.title = `${text} · ${translate('app.short_title')}`;
  }, [text, translate]);
  return <Title title={text} />;
};
