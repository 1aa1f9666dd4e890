// /dashboard/user (spec section 2, decision F9): greeting, email, address (or a note that
// there is none) and Update Address, which opens the profile form.
import { MESSAGES } from '../../constants/messages';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAuth } from '../../features/auth/AuthContext';
import UserShell from '../../features/auth/UserShell';
import UpdateAddressButton from '../../components/UpdateAddressButton';

export default function UserDashboardPage() {
  usePageMeta({ title: 'Dashboard - ShopSphere' });
  const { auth } = useAuth();
  const user = auth.user || {};
  const address = String(user.address ?? '').trim();

  return (
    <UserShell>
      <section className="card w-75 p-3" aria-labelledby="welcome-title">
        <h1 id="welcome-title" className="h3">
          {MESSAGES.welcome(user.name ?? '')}
        </h1>
        <dl className="mb-3">
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Address</dt>
          <dd>{address || MESSAGES.noAddress}</dd>
        </dl>
        <div>
          <UpdateAddressButton className="btn btn-warning" />
        </div>
      </section>
    </UserShell>
  );
}
