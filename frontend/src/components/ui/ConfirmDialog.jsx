// The one confirmation asked before anything that cannot be undone (deleting a product or
// a category, cancelling an order): the accessible Modal at the confirm width, the
// question, a button that keeps things as they are and a danger button.
import Modal from './Modal';

export default function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
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
            {cancelLabel}
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
