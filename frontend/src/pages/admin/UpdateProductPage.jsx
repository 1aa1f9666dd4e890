// Update Product (spec sections 2, 4, 5, 8; decisions F4, F7): the form prefilled, the
// photo sent only when a new one is chosen, delete confirmed in a modal (Cancel / Delete).
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router-dom';
import Modal from '../../components/ui/Modal';
import AdminShell from '../../features/admin/AdminShell';
import ProductForm from '../../features/admin/ProductForm';
import { deleteProduct, updateProduct } from '../../features/admin/api';
import { photoSrc } from '../../components/ProductImage';
import { getProduct } from '../../features/catalog/api';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAdminCategories } from './useAdminCategories';

export default function UpdateProductPage() {
  usePageMeta({ title: 'Dashboard - Update Product' });
  const { slug } = useParams();
  const navigate = useNavigate();
  const categories = useAdminCategories();
  const [state, setState] = useState({ slug: null, product: null, missing: false });
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    let current = true;
    getProduct(slug)
      .then(({ data }) => {
        if (current) setState({ slug, product: data?.product ?? null, missing: !data?.product });
      })
      .catch((error) => {
        console.error(error);
        if (current) setState({ slug, product: null, missing: true });
      });
    return () => {
      current = false;
    };
  }, [slug]);

  const product = state.slug === slug ? state.product : null;
  const missing = state.slug === slug && state.missing;

  async function handleUpdate(body) {
    try {
      const { data } = await updateProduct(product._id, body);
      if (data?.success) {
        toast.success(MESSAGES.productUpdated);
        navigate(paths.adminProducts);
      } else {
        toast.error(data?.message ?? MESSAGES.productSaveFailed);
      }
    } catch (error) {
      if (!error?.response) console.error(error);
      toast.error(errorMessage(error) ?? MESSAGES.productSaveFailed);
    }
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
      {product ? (
        <ProductForm
          key={product._id}
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
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete product"
        width={416}
        footer={
          <>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={deleting}
              onClick={handleDelete}
            >
              Delete
            </button>
          </>
        }
      >
        <p className="mb-0">{MESSAGES.deleteProductConfirm}</p>
      </Modal>
    </AdminShell>
  );
}
