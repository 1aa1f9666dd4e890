// An accessible modal dialog (Bootstrap's look, no Bootstrap JavaScript): role=dialog with
// aria-modal, labelled by its title; focus moves inside on open, Tab and Shift+Tab cycle
// within it, Escape, the close button and a click on the backdrop close it, and focus
// returns to where it was. Width defaults to 520 px, the spec's modal (416 for confirms).
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(node) {
  return Array.from(node.querySelectorAll(FOCUSABLE));
}

// While `open`: the page behind does not scroll, focus moves to the first field or button
// inside `dialogRef` (the close button only as a last resort), Tab and Shift+Tab cycle
// within it, Escape calls `onCloseRef.current`, and on closing focus returns to where it
// was. Shared by the modal and the offcanvas drawer.
export function useFocusTrap(open, dialogRef, onCloseRef) {
  useEffect(() => {
    if (!open) return undefined;
    const dialog = dialogRef.current;
    const previouslyFocused = document.activeElement;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    // The first field or button of the body or footer; the close button only as a last resort.
    const target = focusableIn(dialog).find((el) => !el.classList.contains('btn-close')) || dialog;
    target.focus();

    function onKeyDown(event) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current?.();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (previouslyFocused && typeof previouslyFocused.focus === 'function') {
        previouslyFocused.focus();
      }
    };
  }, [open, dialogRef, onCloseRef]);
}

export default function Modal({
  open,
  onClose,
  title,
  children,
  footer = null,
  width = 520,
  closeLabel = 'Close',
}) {
  const titleId = useId();
  const dialogRef = useRef(null);
  // The latest onClose, read by the key handler without re-running the open effect.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useFocusTrap(open, dialogRef, onCloseRef);

  if (!open) return null;

  return createPortal(
    <>
      <div className="modal-backdrop fade show" />
      <div
        className="modal fade show d-block"
        onMouseDown={(event) => {
          // Only a press on the backdrop itself closes, not a drag that ends outside.
          if (event.target === event.currentTarget) onClose?.();
        }}
      >
        <div
          className="modal-dialog modal-dialog-centered"
          style={{ '--bs-modal-width': `${width}px` }}
        >
          <div
            ref={dialogRef}
            className="modal-content"
            role="dialog"
            aria-modal="true"
            aria-labelledby={title ? titleId : undefined}
            tabIndex={-1}
          >
            <div className="modal-header">
              {title ? (
                <h2 className="modal-title h5" id={titleId}>
                  {title}
                </h2>
              ) : null}
              <button
                type="button"
                className="btn-close"
                aria-label={closeLabel}
                onClick={onClose}
              />
            </div>
            <div className="modal-body">{children}</div>
            {footer ? <div className="modal-footer">{footer}</div> : null}
          </div>
        </div>
      </div>
    </>,
    document.body,
  );
}
