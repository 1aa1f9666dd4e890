// /dashboard/admin/coupons: the coupons table (newest first) and the form that creates one
// or, after Edit, changes it; Pause and Resume switch `active`, Delete asks first. The
// server's refusals show in an alert (the form's own for a save, the page's for the
// table's buttons); successes toast and change the row in place.
import { useRef, useState } from 'react';
import toast from '../../lib/toast';
import ConfirmDialog from '../../components/ui/ConfirmDialog';
import AdminShell from '../../features/admin/AdminShell';
import CouponForm from '../../features/admin/CouponForm';
import CouponTable from '../../features/admin/CouponTable';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from '../../features/admin/api';
import { serverFieldErrors } from '../../features/admin/promotions';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { useApi } from '../../lib/useApi';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAdminCategories } from './useAdminCategories';

export default function CouponsPage() {
  usePageMeta({ title: 'Dashboard - Coupons - ShopSphere' });
  const categories = useAdminCategories();
  const [editing, setEditing] = useState(null);
  const [deleting, setDeleting] = useState(null);
  const [busyId, setBusyId] = useState(null);
  const [problem, setProblem] = useState('');
  const formHeading = useRef(null);
  const focusLater = useFocusAfterRender();

  const { data, loading, setData } = useApi(
    (signal) => listCoupons({ signal }).then(({ data: body }) => body?.coupons ?? []),
    [],
    {
      initialData: null,
      onError: (error) => setProblem(errorMessage(error) ?? MESSAGES.couponsLoadFailed),
    },
  );
  const coupons = data ?? [];
  const loaded = data !== null || !loading;

  const put = (coupon) =>
    setData((list) => {
      const rows = list ?? [];
      return rows.some((row) => row._id === coupon._id)
        ? rows.map((row) => (row._id === coupon._id ? coupon : row))
        : [coupon, ...rows];
    });

  function showForm(coupon) {
    setEditing(coupon);
    setProblem('');
    focusLater(() => formHeading.current?.focus());
  }

  async function save(payload) {
    try {
      const { data: body } = editing
        ? await updateCoupon(editing._id, payload)
        : await createCoupon(payload);
      const coupon = body?.coupon ?? { ...editing, ...payload };
      put(coupon);
      toast.success(
        editing ? MESSAGES.couponSaved(coupon.code) : MESSAGES.couponCreated(coupon.code),
      );
      // A new coupon's form empties itself for the next one; an edit goes back to creating.
      if (editing) showForm(null);
      return { ok: true };
    } catch (error) {
      if (!error?.response) console.error(error);
      return {
        message: errorMessage(error) ?? MESSAGES.somethingWentWrong,
        errors: serverFieldErrors(error),
      };
    }
  }

  async function run(coupon, call, done) {
    setBusyId(coupon._id);
    setProblem('');
    try {
      await done(await call());
    } catch (error) {
      if (!error?.response) console.error(error);
      setProblem(errorMessage(error) ?? MESSAGES.somethingWentWrong);
    } finally {
      setBusyId(null);
    }
  }

  const toggle = (coupon) =>
    run(
      coupon,
      () => updateCoupon(coupon._id, { active: !coupon.active }),
      ({ data: body }) => {
        put(body?.coupon ?? { ...coupon, active: !coupon.active });
        toast.success(
          coupon.active ? MESSAGES.couponPaused(coupon.code) : MESSAGES.couponResumed(coupon.code),
        );
      },
    );

  function confirmDelete() {
    const coupon = deleting;
    if (!coupon) return undefined;
    setDeleting(null);
    return run(
      coupon,
      () => deleteCoupon(coupon._id),
      () => {
        setData((list) => (list ?? []).filter((row) => row._id !== coupon._id));
        if (editing?._id === coupon._id) setEditing(null);
        toast.success(MESSAGES.couponDeleted(coupon.code));
      },
    );
  }

  return (
    <AdminShell>
      <h1 className="h2">Coupons</h1>
      <section className="card shadow-sm my-3" aria-labelledby="coupon-form-heading">
        <div className="card-body">
          <h2 id="coupon-form-heading" className="h5" tabIndex={-1} ref={formHeading}>
            {editing ? `Edit coupon ${editing.code}` : 'Create a coupon'}
          </h2>
          <CouponForm
            key={editing ? `edit-${editing._id}` : 'new'}
            coupon={editing}
            categories={categories}
            onSubmit={save}
            onCancel={() => showForm(null)}
          />
        </div>
      </section>
      <div role="alert" className={problem ? 'alert alert-danger' : ''} data-testid="coupons-alert">
        {problem}
      </div>
      <CouponTable
        coupons={coupons}
        loaded={loaded}
        busyId={busyId}
        onEdit={showForm}
        onToggle={toggle}
        onDelete={setDeleting}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete coupon"
        question={deleting ? MESSAGES.deleteCouponQuestion(deleting.code) : ''}
        busy={busyId !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </AdminShell>
  );
}
