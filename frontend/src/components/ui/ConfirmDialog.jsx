// The one confirmation the admin panel asks before deleting (a product, a category): the
// accessible Modal at the confirm width, the question, Cancel and a danger button.
import Modal from './Modal';

export default function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel = 'Delete',
  busy = false,
  onCancel,
  onConfirm,
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      width={416}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="mb-0">{question}</p>
    </Modal>
  );
}
