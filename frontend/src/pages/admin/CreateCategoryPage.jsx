// Manage Category (spec sections 2, 4, 8): create (with the tax defaults its products
// take: an HSN code is asked for), rename or change the tax defaults in a modal, delete
// after the same confirmation as products. The list (the admin's, with each category's
// tax defaults) loads on open (the table says so meanwhile, never an empty table) and
// reloads after each successful change. A refused field shows the server's words under it.
import { useState } from 'react';
import toast from '../../lib/toast';
import Modal from '../../components/ui/Modal';
import ConfirmDialog from '../../components/ui/ConfirmDialog';
import AdminShell from '../../features/admin/AdminShell';
import CategoryForm from '../../features/admin/CategoryForm';
import { createCategory, deleteCategory, updateCategory } from '../../features/admin/api';
import { listAdminCategories } from '../../features/admin/settings/api';
import { EMPTY_CATEGORY, categoryForm, categoryTax } from '../../features/admin/categoryTax';
import { categoriesChanged } from '../../features/catalog/useCategories';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';
import { useApi } from '../../lib/useApi';

// A refusal (4xx with a message) shows the server's words; anything else the generic text.
function failure(error, fallback) {
  toast.error(errorMessage(error) ?? fallback);
  if (!error?.response) console.error(error);
}

export default function CreateCategoryPage() {
  usePageMeta({ title: 'Dashboard - Create Category - ShopSphere' });
  const [deleting, setDeleting] = useState(null);
  const [form, setForm] = useState(EMPTY_CATEGORY);
  const [formErrors, setFormErrors] = useState({});
  const [visible, setVisible] = useState(false);
  const [selected, setSelected] = useState(null);
  const [editForm, setEditForm] = useState(EMPTY_CATEGORY);
  const [editErrors, setEditErrors] = useState({});
  const [busy, setBusy] = useState(false);

  // The list stays on screen while it reloads after a change; only the first load shows
  // the loading row.
  const {
    data: categories,
    loading,
    reload,
  } = useApi(
    () => listAdminCategories().then(({ data }) => (data?.success ? (data.category ?? []) : [])),
    [],
    {
      initialData: null,
      onError: (error) => {
        console.error(error);
        toast.error(MESSAGES.categoryLoadFailed);
      },
    },
  );
  const loaded = categories !== null || !loading;
  const rows = categories ?? [];

  // Every change follows the spec's rules (section 8): success toasts and reloads the list;
  // a refusal shows the server's message; a thrown error the screen's generic text.
  async function change(call, onSuccess, fallback, setErrors = () => {}) {
    setBusy(true);
    setErrors({});
    try {
      const { data } = await call();
      if (data?.success) {
        onSuccess(data);
        categoriesChanged();
        reload();
      } else {
        toast.error(data?.message ?? fallback);
      }
    } catch (error) {
      failure(error, fallback);
      if (error?.response?.status === 400) setErrors(error.response.data?.errors ?? {});
    } finally {
      setBusy(false);
    }
  }

  function handleCreate() {
    return change(
      () => createCategory(form.name, categoryTax(form)),
      (data) => {
        toast.success(MESSAGES.categoryCreated(data.category?.name ?? form.name));
        setForm(EMPTY_CATEGORY);
      },
      MESSAGES.categoryInputFailed,
      setFormErrors,
    );
  }

  function openEdit(category) {
    setSelected(category);
    setEditForm(categoryForm(category));
    setEditErrors({});
    setVisible(true);
  }

  function closeEdit() {
    setVisible(false);
  }

  function handleUpdate() {
    if (!selected) return undefined;
    return change(
      () => updateCategory(selected._id, editForm.name, categoryTax(editForm)),
      (data) => {
        toast.success(MESSAGES.categoryUpdated(data.category?.name ?? editForm.name));
        setSelected(null);
        setEditForm(EMPTY_CATEGORY);
        setVisible(false);
      },
      MESSAGES.somethingWentWrong,
      setEditErrors,
    );
  }

  function handleDelete() {
    const category = deleting;
    if (!category) return undefined;
    setDeleting(null);
    return change(
      () => deleteCategory(category._id),
      () => toast.success(MESSAGES.categoryDeleted),
      MESSAGES.somethingWentWrong,
    );
  }

  return (
    <AdminShell>
      <h1 className="h2">Manage Category</h1>
      <div className="py-3 col-md-6">
        <CategoryForm
          value={form}
          setValue={setForm}
          onSubmit={handleCreate}
          label="New category name"
          busy={busy}
          hsnRequired
          errors={formErrors}
        />
      </div>
      <div className="table-responsive">
        <table className="table align-middle">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody aria-busy={!loaded}>
            {!loaded ? (
              <tr>
                <td colSpan={2}>
                  <span role="status">Loading categories ...</span>
                </td>
              </tr>
            ) : null}
            {loaded && rows.length === 0 ? (
              <tr>
                <td colSpan={2}>No categories yet.</td>
              </tr>
            ) : null}
            {rows.map((category) => (
              <tr key={category._id}>
                <td>{category.name}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-primary ms-2"
                    aria-label={`Edit ${category.name}`}
                    onClick={() => openEdit(category)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger ms-2"
                    aria-label={`Delete ${category.name}`}
                    disabled={busy}
                    onClick={() => setDeleting(category)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Modal open={visible} onClose={closeEdit} title="Edit Category">
        <CategoryForm
          value={editForm}
          setValue={setEditForm}
          onSubmit={handleUpdate}
          label="Category name"
          busy={busy}
          errors={editErrors}
        />
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete category"
        question={deleting ? MESSAGES.deleteCategoryConfirm(deleting.name) : ''}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={handleDelete}
      />
    </AdminShell>
  );
}
