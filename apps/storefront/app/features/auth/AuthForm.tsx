import {
  createContext,
  type FormEvent,
  type HTMLInputTypeAttribute,
  type ReactNode,
  useContext,
  useId,
  useState,
} from 'react';

/** Field name → the message of a field that is not valid. */
export type FieldErrors = Partial<Record<string, string>>;

const ErrorsContext = createContext<FieldErrors>({});

/** A text value of the form, trimmed; passwords are read as typed (`trim: false`). */
export function formValue(form: FormData, name: string, { trim = true } = {}): string {
  const value = form.get(name);
  const text = typeof value === 'string' ? value : '';
  return trim ? text.trim() : text;
}

/** The fields of `rules` that are empty, each with its message. */
export function emptyFields(form: FormData, rules: Readonly<Record<string, string>>): FieldErrors {
  return Object.fromEntries(Object.entries(rules).filter(([name]) => formValue(form, name) === ''));
}

interface AuthFormProps {
  title: string;
  /** 1 on a page of its own, 2 as one section of a page (the profile). */
  headingLevel?: 1 | 2;
  /** Text under the heading. */
  intro?: ReactNode;
  submitLabel: string;
  /** A call is under way: the whole form is disabled, so only one attempt is pending at once. */
  pending: boolean;
  validate: (form: FormData) => FieldErrors;
  onSubmit: (form: FormData) => void;
  children: ReactNode;
  /** Further actions (resend code, switch screens), disabled with the form. */
  actions?: ReactNode;
}

/**
 * One screen of sign-in: a heading, fields that show their own validation messages, and a submit button.
 * Validation runs on submit (the browser's own is off, so the spec's messages show), and focus moves to the
 * first field in error.
 */
export function AuthForm(props: AuthFormProps) {
  const {
    title,
    headingLevel = 1,
    intro,
    submitLabel,
    pending,
    validate,
    onSubmit,
    children,
    actions,
  } = props;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const found = validate(form);
    setErrors(found);
    const [first] = Object.keys(found);
    if (first === undefined) onSubmit(form);
    else event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };
  return (
    <form noValidate onSubmit={submit} className="auth-form">
      <Heading tabIndex={-1} className="auth-form__title">
        {title}
      </Heading>
      {intro}
      <ErrorsContext.Provider value={errors}>
        <fieldset disabled={pending} className="auth-form__fields">
          {children}
          <button type="submit" className="button auth-form__submit">
            {submitLabel}
          </button>
          {actions && <div className="auth-form__actions">{actions}</div>}
        </fieldset>
      </ErrorsContext.Provider>
    </form>
  );
}

interface FieldProps {
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  defaultValue?: string;
  inputMode?: 'numeric' | 'email' | 'text';
}

/** The control's wiring to its label and validation message (aria-invalid, aria-describedby). */
interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/** A label, the control it names, and the control's validation message beneath it. */
function LabelledControl({
  name,
  label,
  control,
}: {
  name: string;
  label: string;
  control: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const error = useContext(ErrorsContext)[name];
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={id} className="auth-field__label">
        {label}
      </label>
      {control({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        className: 'auth-field__input',
      })}
      {error && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input; its validation message is tied to it. */
export function Field({ name, label, type = 'text', autoComplete, defaultValue, inputMode }: FieldProps) {
  return (
    <LabelledControl
      name={name}
      label={label}
      control={(props) => (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          defaultValue={defaultValue}
          inputMode={inputMode}
        />
      )}
    />
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
}

/** A labelled choice from a list; its validation message is tied to it like a Field's. */
export function SelectField({ name, label, options, defaultValue }: SelectFieldProps) {
  return (
    <LabelledControl
      name={name}
      label={label}
      control={(props) => (
        <select {...props} defaultValue={defaultValue}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** The message of a field group (radio buttons) that is not valid. */
export function useFieldError(name: string): string | undefined {
  return useContext(ErrorsContext)[name];
}

/** The code field of a confirmation screen. */
export function ConfirmationCodeField() {
  return <Field name="code" label="Confirmation code" autoComplete="one-time-code" inputMode="numeric" />;
}

/** The actions under a screen that waits for a mailed code: send it again, or go back to sign in. */
export function CodeScreenActions({ onResend, onSignIn }: { onResend: () => void; onSignIn: () => void }) {
  return (
    <>
      <button type="button" className="auth-link" onClick={onResend}>
        Resend code
      </button>
      <button type="button" className="auth-link" onClick={onSignIn}>
        Back to sign in
      </button>
    </>
  );
}
