interface FormFieldProps {
  /** The input's id, unique on the page; its message's id adds '-error'. */
  id: string;
  name: string;
  label: string;
  value: string;
  required: boolean;
  /** The message of the rule the value breaks, shown beside the input and read as its description. */
  error: string | undefined;
  autoComplete: string | undefined;
  type?: 'text' | 'email' | 'tel';
  onChange: (value: string) => void;
}

/** One input of a checkout form with its visible label and its message beside it (aria-describedby). */
export function FormField({
  id,
  name,
  label,
  value,
  required,
  error,
  autoComplete,
  type = 'text',
  onChange,
}: FormFieldProps) {
  return (
    <div className="checkout-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="checkout-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** After a check fails, the first field with a message takes the focus. */
export function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
}
