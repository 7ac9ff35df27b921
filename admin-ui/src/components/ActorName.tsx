import { useTranslate } from 'react-admin';
import { Ltr } from './Ltr';

/** The account the seeds and jobs write as: shown as «النظام», never as its raw name. */
const SYSTEM_ACTOR = 'system';

/** Who did something: «النظام» for the system, else the username, kept left to right inside Arabic text. */
export const ActorName = ({ name }: { name: string }) => {
  const translate = useTranslate();
  return name === SYSTEM_ACTOR ? <>{translate('app.shared.system_actor')}</> : <Ltr>{name}</Ltr>;
};
