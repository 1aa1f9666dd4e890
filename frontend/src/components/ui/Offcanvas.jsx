// A drawer from the side (Bootstrap's offcanvas look, no Bootstrap JavaScript), with the
// modal's behaviour: role=dialog with aria-modal, labelled by its title, focus kept inside
// while open, Escape, the close button and a click on the backdrop close it, and focus
// returns to where it was.
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './Modal';

export default function Offcanvas({ open, onClose, title, children, footer = null }) {
  const titleId = useId();
  const panelRef = useRef(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useFocusTrap(open, panelRef, onCloseRef);

  if (!open) return null;
  return createPortal(
    <>
      <div className="offcanvas-backdrop fade show" onMouseDown={() => onClose?.()} />
      <div
        ref={panelRef}
        className="offcanvas offcanvas-start show"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ visibility: 'visible' }}
      >
        <div className="offcanvas-header border-bottom">
          <h2 className="offcanvas-title h5" id={titleId}>
            {title}
          </h2>
          <button type="button" className="btn-close" aria-label="Close" onClick={onClose} />
        </div>
        <div className="offcanvas-body">{children}</div>
        {footer ? <div className="border-top p-3">{footer}</div> : null}
      </div>
    </>,
    document.body,
  );
}
