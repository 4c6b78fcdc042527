import { useEffect, useRef } from 'react';

/** A message of the sign-in screens: a failure (alert, focused) or news such as a confirmation (status). */
export interface Notice {
  tone: 'error' | 'status';
  text: string;
}

/**
 * Where the identity service's answers show: role=alert for failures, which also takes focus so keyboard
 * users land on it, role=status for confirmations. Both regions are always there, so changes are announced.
 */
export function AuthNotice({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice?.tone === 'error') alert.current?.focus();
  }, [notice]);
  const message = (tone: Notice['tone']) =>
    notice?.tone === tone && (
      <div className={`notice auth-notice${tone === 'error' ? ' notice--error' : ''}`}>
        <p className="auth-notice__text">{notice.text}</p>
        <button type="button" className="auth-notice__dismiss" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    );
  return (
    <>
      <div role="alert" ref={alert} tabIndex={-1} className="auth-notice__region">
        {message('error')}
      </div>
      <div role="status" className="auth-notice__region">
        {message('status')}
      </div>
    </>
  );
}
