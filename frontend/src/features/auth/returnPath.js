// Where login returns to (spec section 4): the path a guard or the cart passed as
// location.state ({from} or, as the original client did, a bare string), else '/'.
// Only in-app paths are followed, never another origin or the login page itself.
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';

// What a signed-out visitor was trying to see, for "Please sign in to see your ...".
const WANTED = [
  [paths.userOrders, 'orders'],
  [paths.userProfile, 'profile'],
  [paths.userDashboard, 'account'],
];

export function signInReason(from) {
  if (typeof from !== 'string') return null;
  const path = from.split('?')[0];
  const found = WANTED.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  return found ? MESSAGES.signInFor(found[1]) : null;
}

export function returnPath(state) {
  const from = typeof state === 'string' ? state : state?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.home;
  if (from === paths.login || from.startsWith(`${paths.login}?`)) return paths.home;
  return from;
}
