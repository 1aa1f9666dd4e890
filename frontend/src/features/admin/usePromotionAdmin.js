// What an admin screen of promotions (coupons, sales) does: the list (as the server orders
// it), the one being edited (null: the form creates), saving from the form (a new one goes
// first, an edit replaces its row), Pause and Resume (the `active` switch), Delete once
// confirmed, and the server's refusals: a save's for the form's alert, the others' for the
// page's (`problem`). Successes toast. `kind` names the calls and words:
// { list, create, update, remove (api.js calls), key ('coupons', the list's key in the
//   answer), one ('coupon', the saved one's key), label (the row's name: its code),
//   messages: { created, saved, paused, resumed, deleted (label -> text), loadFailed } }.
import { useRef, useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { useApi } from '../../lib/useApi';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import { serverFieldErrors } from './promotions';

export function usePromotionAdmin({ list, create, update, remove, key, one, label, messages }) {
  const [editing, setEditing] = useState(null);
  const [deleting, setDeleting] = useState(null);
  const [busyId, setBusyId] = useState(null);
  const [problem, setProblem] = useState('');
  const formHeading = useRef(null);
  const focusLater = useFocusAfterRender();

  const { data, loading, setData } = useApi(
    (signal) => list({ signal }).then(({ data: body }) => body?.[key] ?? []),
    [],
    {
      initialData: null,
      onError: (error) => setProblem(errorMessage(error) ?? messages.loadFailed),
    },
  );
  const rows = data ?? [];
  const loaded = data !== null || !loading;

  const put = (row) =>
    setData((current) => {
      const all = current ?? [];
      return all.some((r) => r._id === row._id)
        ? all.map((r) => (r._id === row._id ? row : r))
        : [row, ...all];
    });

  function showForm(row) {
    setEditing(row);
    setProblem('');
    focusLater(() => formHeading.current?.focus());
  }

  async function save(payload) {
    try {
      const { data: body } = editing ? await update(editing._id, payload) : await create(payload);
      const row = body?.[one] ?? { ...editing, ...payload };
      put(row);
      toast.success(editing ? messages.saved(label(row)) : messages.created(label(row)));
      // A new one's form empties itself for the next one; an edit goes back to creating.
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

  async function run(row, call, done) {
    setBusyId(row._id);
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

  const toggle = (row) =>
    run(
      row,
      () => update(row._id, { active: !row.active }),
      ({ data: body }) => {
        put(body?.[one] ?? { ...row, active: !row.active });
        toast.success(row.active ? messages.paused(label(row)) : messages.resumed(label(row)));
      },
    );

  function confirmDelete() {
    const row = deleting;
    if (!row) return undefined;
    setDeleting(null);
    return run(
      row,
      () => remove(row._id),
      () => {
        setData((current) => (current ?? []).filter((r) => r._id !== row._id));
        if (editing?._id === row._id) setEditing(null);
        toast.success(messages.deleted(label(row)));
      },
    );
  }

  return {
    rows,
    loaded,
    editing,
    deleting,
    busyId,
    problem,
    formHeading,
    showForm,
    save,
    toggle,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
  };
}
