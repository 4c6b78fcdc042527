import {
  type CustomField,
  type CustomFieldError,
  type CustomFieldValue,
  checkCustomValues,
  displayCustomValue,
  maxLengthOf,
  type SavedCustomField,
} from '@storefront/contracts/custom-fields';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Tooltip } from '../../components/Tooltip';
import { CUSTOM_FIELD_PREFIX } from '../../features/checkout/checkout-actions';
import { useCheckoutAction } from '../../features/checkout/use-checkout-action';
import type { BlockProps } from '../types';
import { Step } from './Step';

/** The values as the form holds them: a checkbox 'true' or 'false', anything else its text. */
function valuesOf(form: HTMLFormElement, fields: readonly CustomField[]): Record<string, string> {
  const data = new FormData(form);
  return Object.fromEntries(
    fields.map((field) => {
      const value = data.get(`${CUSTOM_FIELD_PREFIX}${field.name}`);
      if (field.type === 'checkbox') return [field.name, String(value === 'true')];
      return [field.name, typeof value === 'string' ? value : ''];
    }),
  );
}

/**
 * The checkout's custom form (issue 11): the fields the template configures, checked here and again by the
 * CRM, each error beside its field; the first invalid field takes the focus. Saved values show after reload.
 */
export function CustomForm({ fields, data, block }: BlockProps<'customForm'>) {
  const save = useCheckoutAction();
  const formRef = useRef<HTMLFormElement>(null);
  const [checked, setChecked] = useState<CustomFieldError[] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const refusal = save.refusal?.intent === 'saveCustomFields' ? save.refusal : null;
  const errors = checked ?? refusal?.fieldErrors ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt and each refusal moves the focus once.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, refusal]);
  if (!data) return null;
  const form = { heading: fields.heading, fields: fields.fields };
  const names = new Set(form.fields.map((field) => field.name));
  const errorOf = (name: string) => errors.find((error) => error.field === name)?.message ?? null;
  // A refusal of no field of this form (another field, the quote) shows in the step's error slot.
  const stepError =
    errors
      .filter((error) => !names.has(error.field))
      .map((error) => error.message)
      .join(' ') || (refusal && !refusal.fieldErrors?.length ? refusal.message : null);
  const saved = new Map(data.detail?.saved.map((entry: SavedCustomField) => [entry.name, entry.value]));
  const justSaved = save.result?.ok === true && save.result.intent === 'saveCustomFields' && !checked;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = valuesOf(event.currentTarget, form.fields);
    const problems = checkCustomValues(form, values).errors;
    setAttempt((count) => count + 1);
    if (problems.length > 0) return setChecked(problems);
    setChecked(null);
    const prefixed = Object.entries(values).map(([name, value]) => [`${CUSTOM_FIELD_PREFIX}${name}`, value]);
    save.submit('saveCustomFields', {
      quoteId: data.quoteId,
      templateId: data.detail?.templateId ?? '',
      ...Object.fromEntries(prefixed),
    });
  };

  return (
    <Step
      id={block.blockId}
      heading={fields.heading}
      available={data.available}
      complete={data.complete}
      error={stepError || null}
      busy={save.busy}
      summary={<CustomSummary fields={form.fields} saved={saved} />}
      saved={justSaved ? save.result : undefined}
    >
      {data.detail && (
        <form ref={formRef} className="checkout-form" noValidate onSubmit={onSubmit}>
          {form.fields.map((field) => (
            <CustomFieldInput
              key={field.name}
              idPrefix={block.blockId}
              field={field}
              value={saved.get(field.name)}
              error={errorOf(field.name)}
            />
          ))}
          <button type="submit" className="button" disabled={save.busy}>
            {save.busy ? 'Saving…' : `Save ${fields.heading.toLowerCase()}`}
          </button>
        </form>
      )}
    </Step>
  );
}

/** The saved values, each beside its label; a field left empty is not listed. */
function CustomSummary({
  fields,
  saved,
}: {
  fields: readonly CustomField[];
  saved: ReadonlyMap<string, CustomFieldValue>;
}) {
  const given = fields.flatMap((field) => {
    const value = saved.get(field.name);
    return value === undefined || value === '' ? [] : [{ field, value }];
  });
  if (given.length === 0) return <p>None given.</p>;
  return (
    <dl className="checkout-summary-lines">
      {given.map(({ field, value }) => (
        <div key={field.name}>
          <dt>{field.label}</dt>
          <dd>{displayCustomValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

interface FieldProps {
  idPrefix: string;
  field: CustomField;
  value: string | number | boolean | undefined;
  error: string | null;
}

/**
 * One configured field with its visible label, its help (a tooltip beside the label, C§9) and its error, both
 * named by aria-describedby.
 */
function CustomFieldInput({ idPrefix, field, value, error }: FieldProps) {
  const id = `${idPrefix}-${field.name}`;
  const name = `${CUSTOM_FIELD_PREFIX}${field.name}`;
  const described = [field.helpText ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean);
  const common = {
    id,
    name,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
  } as const;
  const text = value === undefined || typeof value === 'boolean' ? '' : String(value);
  // Marked like the address form's required fields; the input's `required` says it to screen readers.
  const labelled = (
    <label htmlFor={id}>
      {field.label}
      {field.required && <span aria-hidden="true"> *</span>}
    </label>
  );
  const label = field.helpText ? (
    <span className="checkout-field__label">
      {labelled}
      <Tooltip id={`${id}-help`} label={`Help: ${field.label}`} text={field.helpText} />
    </span>
  ) : (
    labelled
  );
  const notes = error && (
    <p id={`${id}-error`} className="checkout-field__error">
      {error}
    </p>
  );
  if (field.type === 'checkbox') {
    return (
      <div className="checkout-field checkout-field--check">
        <input {...common} type="checkbox" value="true" defaultChecked={value === true} />
        {label}
        <div className="checkout-field__notes">{notes}</div>
      </div>
    );
  }
  return (
    <div className="checkout-field">
      {label}
      {field.type === 'textarea' ? (
        <textarea {...common} rows={4} maxLength={maxLengthOf(field)} defaultValue={text} />
      ) : field.type === 'picklist' ? (
        <select {...common} defaultValue={text}>
          <option value="">Choose…</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : field.type === 'number' ? (
        <input {...common} type="text" inputMode="decimal" defaultValue={text} />
      ) : (
        <input
          {...common}
          type={field.type}
          maxLength={field.type === 'date' ? undefined : maxLengthOf(field)}
          defaultValue={text}
        />
      )}
      {notes}
    </div>
  );
}
