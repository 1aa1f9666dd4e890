// /dashboard/admin/coupons: the coupons table (newest first) and the form that creates one
// or, after Edit, changes it; Pause and Resume switch `active`, Delete asks first. The
// server's refusals show in an alert (the form's own for a save, the page's for the
// table's buttons); successes toast and change the row in place.
import CouponForm from '../../features/admin/CouponForm';
import CouponTable from '../../features/admin/CouponTable';
import PromotionScreen from '../../features/admin/PromotionScreen';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from '../../features/admin/api';
import { usePromotionAdmin } from '../../features/admin/usePromotionAdmin';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAdminCategories } from './useAdminCategories';
import { PROMOTION_MESSAGES } from '../../features/admin/promotionMessages';

const COUPONS = {
  list: listCoupons,
  create: createCoupon,
  update: updateCoupon,
  remove: deleteCoupon,
  key: 'coupons',
  one: 'coupon',
  label: (coupon) => coupon.code,
  messages: {
    created: PROMOTION_MESSAGES.couponCreated,
    saved: PROMOTION_MESSAGES.couponSaved,
    paused: PROMOTION_MESSAGES.couponPaused,
    resumed: PROMOTION_MESSAGES.couponResumed,
    deleted: PROMOTION_MESSAGES.couponDeleted,
    loadFailed: PROMOTION_MESSAGES.couponsLoadFailed,
  },
};

export default function CouponsPage() {
  usePageMeta({ title: 'Dashboard - Coupons - ShopSphere' });
  const categories = useAdminCategories();
  const admin = usePromotionAdmin(COUPONS);
  const { editing } = admin;

  return (
    <PromotionScreen
      title="Coupons"
      admin={admin}
      formTitle={editing ? `Edit coupon ${editing.code}` : 'Create a coupon'}
      form={
        <CouponForm
          key={editing ? `edit-${editing._id}` : 'new'}
          coupon={editing}
          categories={categories}
          onSubmit={admin.save}
          onCancel={() => admin.showForm(null)}
        />
      }
      table={
        <CouponTable
          coupons={admin.rows}
          loaded={admin.loaded}
          busyId={admin.busyId}
          onEdit={admin.showForm}
          onToggle={admin.toggle}
          onDelete={admin.askDelete}
        />
      }
      alertTestId="coupons-alert"
      deleteTitle="Delete coupon"
      deleteQuestion={(coupon) => PROMOTION_MESSAGES.deleteCouponQuestion(coupon.code)}
    />
  );
}
