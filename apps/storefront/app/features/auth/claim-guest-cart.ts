import { CART_ACTION_PATH, type CartActionResult } from '../cart/cart-actions';

/**
 * After sign-in the cart made as a guest becomes the account's cart (spec C§4). The server holds the guest's
 * secret in an http-only cookie, so this only asks it to; a failure leaves the guest cart where it was and
 * never blocks signing in. Answers what the user should be told, if anything.
 */
export async function claimGuestCart(): Promise<string | null> {
  try {
    const body = new FormData();
    body.set('intent', 'claim');
    const response = await fetch(CART_ACTION_PATH, { method: 'POST', body, credentials: 'same-origin' });
    const result = (await response.json()) as CartActionResult;
    return result.message;
  } catch (error) {
    console.warn('The guest cart was not moved to the account:', error);
    return null;
  }
}
