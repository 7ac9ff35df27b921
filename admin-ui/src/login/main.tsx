import { createRoot, hydrateRoot } from 'react-dom/client';
import '../theme/fonts';
import { rtlCache } from '../theme/rtlCache';
import { LoginRoot } from './LoginRoot';

// The light login page's entry (login.html, built by vite.login.config.ts). The page arrives drawn
// (pre-rendered at build time, prerender.tsx): React takes over that markup rather than drawing it
// again; the cache, created first, has already taken the page's styles (their data-emotion ids).
const root = document.getElementById('root')!;
if (root.firstElementChild) hydrateRoot(root, <LoginRoot cache={rtlCache} />);
else createRoot(root).render(<LoginRoot cache={rtlCache} />);
