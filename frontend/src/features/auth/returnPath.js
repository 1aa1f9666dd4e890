// Where login returns to (spec section 4): the path a guard or the cart passed as
// location.state ({from} or, as the original client did, a bare string), else '/'.
// Only in-app paths are followed, never another origin or the login page itself.
import { paths } from '../../config/paths';

export function returnPath(state) {
  const from = typeof state === 'string' ? state : state?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.home;
  if (from === paths.login || from.startsWith(`${paths.login}?`)) return paths.home;
  return from;
}
