import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import * as Toast from '@radix-ui/react-toast';
import { AlertTriangle, CheckCircle2, Info, X } from 'lucide-react';
import { ar } from '../../i18n/ar';

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastInput {
  title: string;
  /** One paragraph under the title. */
  description?: ReactNode;
  /** Items shown as bullets under the description. */
  items?: readonly string[];
  variant?: ToastVariant;
  /** Milliseconds; 5 s unless given (request toasts pass 8–10 s). */
  duration?: number;
}

interface ShownToast extends ToastInput {
  id: number;
}

interface ToastApi {
  show: (toast: ToastInput) => void;
  dismiss: () => void;
}

/** Toast timings from the spec: 5 s by default, the request toasts 8 to 10 s. */
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_REQUEST_MS = 8000;
export const TOAST_REQUEST_LONG_MS = 10000;

const ToastContext = createContext<ToastApi | null>(null);

const ICONS = { success: CheckCircle2, error: AlertTriangle, info: Info } as const;

/**
 * One toast at a time (a new one replaces the one on screen), swipe right past 50 px to dismiss,
 * F8 moves the focus to the toast region.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((input: ToastInput) => {
    setToast((previous) => ({ ...input, id: (previous?.id ?? 0) + 1 }));
    setOpen(true);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  const variant = toast?.variant ?? 'info';
  const Icon = ICONS[variant];

  return (
    <ToastContext.Provider value={api}>
      <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={TOAST_DEFAULT_MS} label={ar.toast.viewportLabel}>
        {children}
        {toast ? (
          <Toast.Root
            key={toast.id}
            className={`toast toast--${variant}`}
            open={open}
            onOpenChange={setOpen}
            duration={toast.duration ?? TOAST_DEFAULT_MS}
            type={variant === 'error' ? 'foreground' : 'background'}
          >
            <Icon className="toast__icon" size={22} aria-hidden="true" />
            <div className="toast__content">
              <Toast.Title className="toast__title">{toast.title}</Toast.Title>
              {toast.description || toast.items?.length ? (
                <Toast.Description asChild>
                  <div className="toast__description">
                    {toast.description ? <p>{toast.description}</p> : null}
                    {toast.items?.length ? (
                      <ul className="toast__items">
                        {toast.items.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                </Toast.Description>
              ) : null}
            </div>
            <Toast.Close className="toast__close" aria-label={ar.toast.close}>
              <X size={18} aria-hidden="true" />
            </Toast.Close>
          </Toast.Root>
        ) : null}
        <Toast.Viewport className="toast-viewport" hotkey={['F8']} label={ar.toast.regionLabel} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** Shows a toast; only inside ToastProvider. */
export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast outside ToastProvider');
  return context;
}
