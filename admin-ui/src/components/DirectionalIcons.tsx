import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LogoutIcon from '@mui/icons-material/Logout';
import LoginIcon from '@mui/icons-material/Login';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';

/**
 * Icons that point somewhere must point the reading direction's way: in right-to-left "back" points
 * right and "forward" points left. These wrappers mirror the MUI icon when the page is RTL, so
 * screens import BackIcon rather than ArrowBack and stay correct if the direction ever changes.
 */
function mirrored(Icon: ComponentType<SvgIconProps>, name: string) {
  const Mirrored = ({ sx, ...props }: SvgIconProps) => (
    <Icon {...props} sx={[{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }, ...(Array.isArray(sx) ? sx : [sx])]} />
  );
  Mirrored.displayName = name;
  return Mirrored;
}

export const BackIcon = mirrored(ArrowBackIcon, 'BackIcon');
export const ForwardIcon = mirrored(ArrowForwardIcon, 'ForwardIcon');
/** Chevron toward the start of the line (right in RTL): "previous", "collapse". */
export const ChevronStartIcon = mirrored(ChevronLeftIcon, 'ChevronStartIcon');
/** Chevron toward the end of the line (left in RTL): "next", "open". */
export const ChevronEndIcon = mirrored(ChevronRightIcon, 'ChevronEndIcon');
export const SignOutIcon = mirrored(LogoutIcon, 'SignOutIcon');
export const SignInIcon = mirrored(LoginIcon, 'SignInIcon');
export const ExternalLinkIcon = mirrored(OpenInNewIcon, 'ExternalLinkIcon');
