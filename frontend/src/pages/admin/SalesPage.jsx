// /dashboard/admin/sales: the sales table (latest start first) and the form that creates
// one or, after Edit, changes it; Pause and Resume switch `active`, Delete asks first. The
// server's refusals show in an alert (the form's own for a save, the page's for the
// table's buttons); successes toast and change the row in place.
import PromotionScreen from '../../features/admin/PromotionScreen';
import SaleForm from '../../features/admin/SaleForm';
import SaleTable from '../../features/admin/SaleTable';
import { createSale, deleteSale, listSales, updateSale } from '../../features/admin/api';
import { usePromotionAdmin } from '../../features/admin/usePromotionAdmin';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAdminCategories } from './useAdminCategories';
import { PROMOTION_MESSAGES } from '../../features/admin/promotionMessages';

const SALES = {
  list: listSales,
  create: createSale,
  update: updateSale,
  remove: deleteSale,
  key: 'sales',
  one: 'sale',
  label: (sale) => sale.name,
  messages: {
    created: PROMOTION_MESSAGES.saleCreated,
    saved: PROMOTION_MESSAGES.saleSaved,
    paused: PROMOTION_MESSAGES.salePaused,
    resumed: PROMOTION_MESSAGES.saleResumed,
    deleted: PROMOTION_MESSAGES.saleDeleted,
    loadFailed: PROMOTION_MESSAGES.salesLoadFailed,
  },
};

export default function SalesPage() {
  usePageMeta({ title: 'Dashboard - Sales - ShopSphere' });
  const categories = useAdminCategories();
  const admin = usePromotionAdmin(SALES);
  const { editing } = admin;

  return (
    <PromotionScreen
      title="Sales"
      admin={admin}
      formTitle={editing ? `Edit sale ${editing.name}` : 'Create a sale'}
      form={
        <SaleForm
          key={editing ? `edit-${editing._id}` : 'new'}
          sale={editing}
          categories={categories}
          onSubmit={admin.save}
          onCancel={() => admin.showForm(null)}
        />
      }
      table={
        <SaleTable
          sales={admin.rows}
          loaded={admin.loaded}
          busyId={admin.busyId}
          onEdit={admin.showForm}
          onToggle={admin.toggle}
          onDelete={admin.askDelete}
        />
      }
      alertTestId="sales-alert"
      deleteTitle="Delete sale"
      deleteQuestion={(sale) => PROMOTION_MESSAGES.deleteSaleQuestion(sale.name)}
    />
  );
}
