// Update Product (spec sections 2, 4, 5, 8; decisions F4, F7): the form prefilled, the
// photo sent only when a new one is chosen, delete confirmed in a modal (Cancel / Delete).
import { useEffect, useRef, useState } from 'react';
import toast from '../../lib/toast';
import { useNavigate, useParams } from 'react-router-dom';
import ConfirmDialog from '../../components/ui/ConfirmDialog';
import AdminShell from '../../features/admin/AdminShell';
import ProductForm from '../../features/admin/ProductForm';
import { deleteProduct, updateProduct } from '../../features/admin/api';
import { asStored } from '../../features/admin/variants';
import { photoSrc } from '../../components/ProductImage';
import { getProduct } from '../../features/catalog/api';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { serverFieldErrors } from '../../features/auth/formHelpers';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAdminCategories } from './useAdminCategories';

export default function UpdateProductPage() {
  usePageMeta({ title: 'Dashboard - Update Product - ShopSphere' });
  const { slug } = useParams();
  const navigate = useNavigate();
  const categories = useAdminCategories();
  const [state, setState] = useState({ slug: null, product: null, missing: false });
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Bumped by "Reload product" to fetch the product again; `stale` marks a refused save.
  const [loads, setLoads] = useState(0);
  const [stale, setStale] = useState(false);
  const staleAlert = useRef(null);

  useEffect(() => {
    let current = true;
    getProduct(slug)
      .then(({ data }) => {
        const found = data?.product ? asStored(data.product) : null;
        if (current) setState({ slug, product: found, missing: !found });
      })
      .catch((error) => {
        console.error(error);
        if (current) setState({ slug, product: null, missing: true });
      });
    return () => {
      current = false;
    };
  }, [slug, loads]);

  useEffect(() => {
    if (stale) staleAlert.current?.focus();
  }, [stale]);

  const product = state.slug === slug ? state.product : null;
  const missing = state.slug === slug && state.missing;

  // A 409 is either a duplicate name or a save over someone else's newer one: the
  // product as stored now tells which.
  async function changedElsewhere() {
    try {
      const { data } = await getProduct(product.slug);
      return data?.product?.updatedAt !== product.updatedAt;
    } catch {
      return true;
    }
  }

  async function handleUpdate(body, progress) {
    try {
      const { data } = await updateProduct(product._id, body, progress);
      if (data?.success) {
        toast.success(MESSAGES.productUpdated);
        navigate(paths.adminProducts);
      } else {
        toast.error(data?.message ?? MESSAGES.productSaveFailed);
      }
    } catch (error) {
      if (!error?.response) console.error(error);
      if (error?.response?.status === 409 && (await changedElsewhere())) {
        setStale(true);
        return;
      }
      toast.error(errorMessage(error) ?? MESSAGES.productSaveFailed);
      // Field errors go beside their fields (the form shows them), not into more toasts.
      return { errors: serverFieldErrors(error) };
    }
    return undefined;
  }

  function reload() {
    setStale(false);
    setLoads((n) => n + 1);
  }

  async function handleDelete() {
    setDeleting(true);
    try {
      const { data } = await deleteProduct(product._id);
      if (data?.success) {
        setConfirming(false);
        toast.success(MESSAGES.productDeleted);
        navigate(paths.adminProducts);
        return;
      }
      toast.error(data?.message ?? MESSAGES.somethingWentWrong);
    } catch (error) {
      if (!error?.response) console.error(error);
      toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
    }
    setDeleting(false);
  }

  return (
    <AdminShell>
      <h1 className="h2">Update Product</h1>
      {missing ? <p role="alert">{MESSAGES.productNotFound}</p> : null}
      {!product && !missing ? <p role="status">Loading ...</p> : null}
      {stale ? (
        <div className="alert alert-warning" role="alert" tabIndex={-1} ref={staleAlert}>
          <p>{MESSAGES.productChangedElsewhere}</p>
          <button type="button" className="btn btn-outline-dark btn-sm" onClick={reload}>
            {MESSAGES.reloadProduct}
          </button>
        </div>
      ) : null}
      {product ? (
        <ProductForm
          key={`${product._id}-${product.updatedAt}`}
          categories={categories}
          product={product}
          currentPhotoUrl={photoSrc(product)}
          submitLabel="UPDATE PRODUCT"
          onSubmit={handleUpdate}
        >
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            DELETE PRODUCT
          </button>
        </ProductForm>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Delete product"
        question={MESSAGES.deleteProductConfirm}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={handleDelete}
      />
    </AdminShell>
  );
}
