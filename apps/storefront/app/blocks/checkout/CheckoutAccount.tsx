import {
  GUEST_BUYER_FIELDS,
  type GuestBuyer,
  type GuestBuyerField,
  type GuestBuyerForm,
  validateGuestBuyer,
} from '@storefront/contracts/crm-guest-buyers';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCheckoutAction } from '../../features/checkout/use-checkout-action';
import type { BlockData, BlockProps } from '../types';
import { FormField, focusFirstError } from './FormField';
import { Step } from './Step';

type AccountDetail = NonNullable<NonNullable<BlockData['checkoutAccount']>['detail']>;

/**
 * The guest's first step (C§4): sign in (the guest cart becomes the account's), create an account (both on
 * the sign-in page, which brings the buyer back here), or continue as a guest buyer, naming the company and
 * the person buying. The CRM makes the buyer; the step is done once the quote names one.
 */
export function CheckoutAccount({ fields, data, block }: BlockProps<'checkoutAccount'>) {
  const save = useCheckoutAction();
  if (!data) return null;
  const buyer = data.detail?.buyer ?? null;
  return (
    <Step
      id={block.blockId}
      heading={fields.heading}
      available={data.available}
      complete={data.complete}
      error={save.refusal && save.refusal.field === null ? save.refusal.message : null}
      busy={save.busy}
      summary={buyer ? <BuyerSummary buyer={buyer} /> : undefined}
      saved={save.result?.ok ? save.result : undefined}
    >
      {data.detail && <AccountChoices quoteId={data.quoteId} detail={data.detail} save={save} />}
    </Step>
  );
}

interface AccountChoicesProps {
  quoteId: string;
  detail: AccountDetail;
  save: ReturnType<typeof useCheckoutAction>;
}

/** Who buys: the guest buyer the quote names. */
function BuyerSummary({ buyer }: { buyer: GuestBuyer }) {
  return (
    <p>
      Buying as{' '}
      <strong>
        {buyer.firstName} {buyer.lastName}
      </strong>
      , {buyer.companyName} ({buyer.email})
    </p>
  );
}

function AccountChoices({ quoteId, detail, save }: AccountChoicesProps) {
  const { buyer } = detail;
  const headingId = `${quoteId}-guest-heading`;
  return (
    <div className="checkout-account">
      {!buyer && (
        <div className="checkout-account__choices">
          <p>
            Sign in to order on your institution's account, or create one; your cart comes with you. Or
            continue as a guest: we set up your company for this order.
          </p>
          <div className="checkout-account__links">
            <Link className="button" to={detail.signInPath}>
              Sign in
            </Link>
            <Link className="button button--secondary" to={detail.signUpPath}>
              Create an account
            </Link>
          </div>
        </div>
      )}
      <section aria-labelledby={headingId}>
        <h3 id={headingId}>{buyer ? 'Change the buyer' : 'Continue as a guest'}</h3>
        <GuestBuyerFields quoteId={quoteId} buyer={buyer} save={save} />
      </section>
    </div>
  );
}

const LABELS: Record<GuestBuyerField, string> = {
  companyName: 'Company',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
};
const AUTOCOMPLETE: Record<GuestBuyerField, string> = {
  companyName: 'organization',
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
};
const TYPES: Partial<Record<GuestBuyerField, 'email' | 'tel'>> = { email: 'email', phone: 'tel' };
/** The rules need these; the phone is optional. */
const REQUIRED: ReadonlySet<GuestBuyerField> = new Set(['companyName', 'firstName', 'lastName', 'email']);

function formOf(buyer: GuestBuyer | null): GuestBuyerForm {
  return Object.fromEntries(
    GUEST_BUYER_FIELDS.map((field) => [field, buyer?.[field] ?? '']),
  ) as GuestBuyerForm;
}

type BuyerErrors = Partial<Record<GuestBuyerField, string>>;

function GuestBuyerFields({
  quoteId,
  buyer,
  save,
}: {
  quoteId: string;
  buyer: GuestBuyer | null;
  save: AccountChoicesProps['save'];
}) {
  const [values, setValues] = useState<GuestBuyerForm>(() => formOf(buyer));
  const [errors, setErrors] = useState<BuyerErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  // The CRM's refusal of a field shows beside it, like the browser's own checks.
  const refusal = save.refusal;
  useEffect(() => {
    const field = refusal?.field;
    if (refusal && field && (GUEST_BUYER_FIELDS as readonly string[]).includes(field)) {
      setErrors({ [field]: refusal.message });
    }
  }, [refusal]);
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstError(formRef.current);
  }, [errors]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const issues = validateGuestBuyer(values);
    setErrors(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])));
    if (issues.length === 0) save.submit('saveBuyer', { quoteId, ...values });
  };

  return (
    <form ref={formRef} className="checkout-form" noValidate onSubmit={onSubmit}>
      <div className="checkout-fields">
        {GUEST_BUYER_FIELDS.map((field) => (
          <FormField
            key={field}
            id={`${quoteId}-buyer-${field}`}
            name={field}
            label={LABELS[field]}
            value={values[field]}
            required={REQUIRED.has(field)}
            error={errors[field]}
            autoComplete={AUTOCOMPLETE[field]}
            type={TYPES[field]}
            onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
          />
        ))}
      </div>
      <button type="submit" className="button" disabled={save.busy}>
        {save.busy ? 'Saving…' : buyer ? 'Save the buyer' : 'Continue as a guest'}
      </button>
    </form>
  );
}
