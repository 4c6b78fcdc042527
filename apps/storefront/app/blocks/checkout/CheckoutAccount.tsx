import { Link } from 'react-router';
import type { BlockProps } from '../types';
import { Step } from './Step';

/**
 * The guest's first step (C§4): sign in (the guest cart becomes the account's) or sign up, both on the sign-in
 * page, which brings the buyer back here.
 */
export function CheckoutAccount({ fields, data, block }: BlockProps<'checkoutAccount'>) {
  if (!data) return null;
  return (
    <Step id={block.blockId} heading={fields.heading} available={data.available} complete={data.complete}>
      {data.detail && (
        <div className="checkout-account">
          <p>
            Sign in to order on your institution's account; your cart comes with you. New here? Choose "Create
            an account" on the sign-in page, then come back to checkout.
          </p>
          <Link className="button" to={data.detail.signInPath}>
            Sign in
          </Link>
        </div>
      )}
    </Step>
  );
}
