// /dashboard/user/orders (decision F10): the user's orders once orders exist; until then
// the screen says plainly that there are none.
import { MESSAGES } from '../../constants/messages';
import { usePageMeta } from '../../lib/usePageMeta';
import UserShell from '../../features/auth/UserShell';

export default function OrdersPage() {
  usePageMeta({ title: 'Your Orders - ShopSphere' });
  return (
    <UserShell>
      <h1 className="text-center">All Orders</h1>
      <p className="text-center text-muted">{MESSAGES.noOrders}</p>
    </UserShell>
  );
}
