// Create Product (spec sections 2, 4, 8; decision F4): the call is awaited, success goes to
// the products list, a refusal keeps the form and shows the server's message.
import toast from '../../lib/toast';
import { useNavigate } from 'react-router-dom';
import AdminShell from '../../features/admin/AdminShell';
import ProductForm from '../../features/admin/ProductForm';
import { createProduct } from '../../features/admin/api';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { serverFieldErrors } from '../../features/auth/formHelpers';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAdminCategories } from './useAdminCategories';

export default function CreateProductPage() {
  usePageMeta({ title: 'Dashboard - Create Product - ShopSphere' });
  const navigate = useNavigate();
  const categories = useAdminCategories();

  async function handleCreate(body, progress) {
    try {
      const { data } = await createProduct(body, progress);
      if (data?.success) {
        toast.success(MESSAGES.productCreated);
        navigate(paths.adminProducts);
      } else {
        toast.error(data?.message ?? MESSAGES.productSaveFailed);
      }
    } catch (error) {
      if (!error?.response) console.error(error);
      toast.error(errorMessage(error) ?? MESSAGES.productSaveFailed);
      // Field errors go beside their fields (the form shows them), not into more toasts.
      return { errors: serverFieldErrors(error) };
    }
    return undefined;
  }

  return (
    <AdminShell>
      <h1 className="h2">Create Product</h1>
      <ProductForm categories={categories} submitLabel="CREATE PRODUCT" onSubmit={handleCreate} />
    </AdminShell>
  );
}
