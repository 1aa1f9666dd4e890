// /dashboard/user/orders (decision F10): the user's orders once orders exist; until then
// the screen says plainly that there are none.
import { MESSAGES } from '../../constants/messages';
import { usePageMeta } from '../../lib/usePageMeta';
import UserMenu from '../../features/auth/UserMenu';

export default function OrdersPage() {
  usePageMeta({ title: 'Your Orders - ShopSphere' });
  return (
    <div className="container-fluid p-3 m-3">
      <div className="row">
        <div className="col-md-3 mb-3">
          <UserMenu />
        </div>
        <div className="col-md-9">
          <h1 className="text-center">All Orders</h1>
          <p className="text-center text-muted">{MESSAGES.noOrders}</p>
        </div>
      </div>
    </div>
  );
}
