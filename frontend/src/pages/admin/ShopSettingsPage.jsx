// /dashboard/admin/settings: the owner's settings (features/admin/settings): the shop's
// details, the grievance officer, invoices, delivery and the cash on delivery cap in one
// form, and the served PIN codes. A save toasts; a save over someone else's newer one is
// refused (409) and offers to load theirs.
import { useState } from 'react';
import toast from '../../lib/toast';
import AdminShell from '../../features/admin/AdminShell';
import ShopSettingsForm from '../../features/admin/settings/ShopSettingsForm';
import ServedPincodes from '../../features/admin/settings/ServedPincodes';
import { getShopSettings, saveShopSettings } from '../../features/admin/settings/api';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';
import { useApi } from '../../lib/useApi';

const FAILED = 'Something went wrong; the settings were not saved.';

export default function ShopSettingsPage() {
  usePageMeta({ title: 'Dashboard - Shop settings - ShopSphere' });
  const { data, error, reload, setData } = useApi(
    () => getShopSettings().then(({ data: body }) => body),
    [],
    { initialData: null },
  );
  const [stale, setStale] = useState('');
  // A new key after a save or a reload starts the form from the server's values.
  const [version, setVersion] = useState(0);

  async function save(payload) {
    try {
      const { data: body } = await saveShopSettings(payload);
      toast.success(body.message ?? 'Shop settings saved');
      setData(() => body);
      setStale('');
      setVersion((n) => n + 1);
      return { ok: true };
    } catch (failure) {
      const status = failure?.response?.status;
      const message = errorMessage(failure) ?? FAILED;
      toast.error(message);
      if (status === 409) setStale(message);
      if (!failure?.response) console.error(failure);
      return { errors: status === 400 ? (failure.response.data?.errors ?? {}) : {} };
    }
  }

  function loadTheirs() {
    setStale('');
    reload();
    setVersion((n) => n + 1);
  }

  let body;
  if (error && !data) body = <p role="alert">The settings could not be loaded just now.</p>;
  else if (!data) body = <p aria-busy="true">Loading ...</p>;
  else {
    body = (
      <ShopSettingsForm
        key={`${version}-${data.settings.updatedAt}`}
        settings={data.settings}
        states={data.states}
        codLimitDefault={data.codLimitDefault}
        onSave={save}
      />
    );
  }
  return (
    <AdminShell>
      <h1 className="h2 mb-3">Shop settings</h1>
      {stale ? (
        <div className="alert alert-warning" role="alert">
          <p>{stale}</p>
          <button type="button" className="btn btn-outline-secondary" onClick={loadTheirs}>
            Load the saved settings
          </button>
        </div>
      ) : null}
      {body}
      <ServedPincodes />
    </AdminShell>
  );
}
