import { Logout, UserMenu, useGetIdentity, useTranslate } from 'react-admin';

/**
 * The app bar's account menu (logout). Its accessible name includes the username that the button
 * shows, so speech users can say what they see.
 */
export const AdminUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const label = identity?.fullName ? translate('app.menu.account_of', { name: identity.fullName }) : translate('ra.auth.user_menu');
  return (
    <UserMenu label={label}>
      <Logout />
    </UserMenu>
  );
};
