// Texts of the cart screen derived from the cart and the signed-in user (spec section 2).
export const CART_PREVIEW_LENGTH = 50;

export function greetingName(user) {
  return user?.name || 'Guest';
}

export function itemCountMessage(count, loggedIn) {
  if (count < 1) return 'Your Cart Is Empty';
  const items = `${count} ${count === 1 ? 'item' : 'items'}`;
  return `You have ${items} in your cart.${loggedIn ? '' : ' Please log in to check out.'}`;
}
