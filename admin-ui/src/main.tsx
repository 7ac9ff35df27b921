import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import './theme/fonts';
import { App } from './App';
import { ADMIN_BASENAME } from './routes';

// A browser router (clean /admin/... URLs instead of react-admin's default hash router), with the
// admin mounted under its basename.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path={`${ADMIN_BASENAME}/*`} element={<App />} />
        <Route path="*" element={<Navigate to={ADMIN_BASENAME} replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
