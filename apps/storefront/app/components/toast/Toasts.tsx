import { withoutErrorPrefix } from '@storefront/contracts/error-prefix';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export type ToastVariant = 'success' | 'error' | 'warning' | 'default';
export type ToastMode = 'sticky' | 'timed';

export type ToastInput = {
  message: string;
  variant?: ToastVariant;
  mode?: ToastMode;
  /** Seconds a timed toast stays (default 5). */
  time?: number;
};

export type ToastApi = {
  /** Shows a toast and returns its id (the visible toast's id when the same message and variant is shown). */
  show(toast: ToastInput): string;
  dismiss(id: string): void;
};

type Toast = {
  id: string;
  message: string;
  variant: ToastVariant;
  mode: ToastMode;
  secondsLeft: number;
  /** Counts restarts, so a restarted toast also starts a fresh second. */
  restarts: number;
};

const DEFAULT_SECONDS = 5;
const MAX_VISIBLE = 5;

const ToastContext = createContext<ToastApi | null>(null);

/** The toasts shown by `useToast()` anywhere below it, in one live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // The list also lives in a ref so `show` can return the id of a toast it restarts, synchronously.
  const current = useRef<Toast[]>([]);
  const lastId = useRef(0);

  const update = useCallback((change: (toasts: Toast[]) => Toast[]) => {
    current.current = change(current.current);
    setToasts(current.current);
  }, []);

  const show = useCallback(
    ({ message: given, variant = 'default', mode = 'timed', time = DEFAULT_SECONDS }: ToastInput) => {
      // Every message a toast shows reads as a person's (P§8), whichever call produced it.
      const message = withoutErrorPrefix(given);
      const restart = { mode, secondsLeft: time };
      const visible = current.current.find((toast) => toast.message === message && toast.variant === variant);
      if (visible) {
        update((toasts) =>
          toasts.map((toast) =>
            toast === visible ? { ...toast, ...restart, restarts: toast.restarts + 1 } : toast,
          ),
        );
        return visible.id;
      }
      lastId.current += 1;
      const id = `toast-${lastId.current}`;
      update((toasts) => [...toasts, { id, message, variant, ...restart, restarts: 0 }].slice(-MAX_VISIBLE));
      return id;
    },
    [update],
  );

  const dismiss = useCallback(
    (id: string) => update((toasts) => toasts.filter((toast) => toast.id !== id)),
    [update],
  );

  const tick = useCallback(
    (id: string) =>
      update((toasts) =>
        toasts.flatMap((toast) => {
          if (toast.id !== id) return [toast];
          return toast.secondsLeft > 1 ? [{ ...toast, secondsLeft: toast.secondsLeft - 1 }] : [];
        }),
      ),
    [update],
  );

  // A stable value, so the countdown re-renders the toasts but not every component using the hook.
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Always rendered: screen readers only announce changes to a live region that already exists. */}
      <section className="toasts" aria-live="polite" aria-label="Notifications">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} onTick={tick} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

/** Shows and dismisses toasts; only inside a `ToastProvider`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it');
  return api;
}

type ToastItemProps = {
  toast: Toast;
  onDismiss: (id: string) => void;
  onTick: (id: string) => void;
};

function ToastItem({ toast, onDismiss, onTick }: ToastItemProps) {
  const [pointerOver, setPointerOver] = useState(false);
  const [focused, setFocused] = useState(false);
  const { id, restarts } = toast;
  const timed = toast.mode === 'timed';
  // Someone reading or about to press the button should not lose the toast.
  const paused = pointerOver || focused;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `restarts` re-arms the interval, so a restarted toast gets full seconds.
  useEffect(() => {
    if (!timed || paused) return;
    const timer = setInterval(() => onTick(id), 1000);
    return () => clearInterval(timer);
  }, [timed, paused, id, restarts, onTick]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only pause the countdown; the button is the control.
    <div
      className={`toast toast--${toast.variant}`}
      role={toast.variant === 'error' ? 'alert' : undefined}
      onPointerEnter={() => setPointerOver(true)}
      onPointerLeave={() => setPointerOver(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__dismiss" onClick={() => onDismiss(id)}>
        Dismiss
        {/* Hidden from screen readers: a live region would otherwise announce every second. */}
        {timed && <span aria-hidden="true"> ({toast.secondsLeft})</span>}
      </button>
    </div>
  );
}
