// "Return or exchange" on a delivered order's page: while the return window is open
// (`returnWindowDays` of shop-info from the delivery), until when, and the form behind a
// button that says whether it is open; after a request the form closes and the focus
// goes back to that button (or to the title when nothing is left to return). Once the
// window closed it says when; with every unit already returned (or on its way back) it
// says so. Nothing shows for an order not delivered.
import { useEffect, useId, useRef, useState } from 'react';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import { AFTER_SALE_MESSAGES as M } from './afterSaleMessages';
import { returnWindow, returnableLines, shortDate } from './afterSale';
import ReturnRequestForm from './ReturnRequestForm';

export default function ReturnSection({ order, returns, windowDays, loadProduct, onRequest, now }) {
  const headingId = useId();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef(null);
  const heading = useRef(null);
  const sent = useRef(false);
  const focusLater = useFocusAfterRender();
  const term = returnWindow(order, windowDays, now);
  const returnable = returnableLines(order, returns);
  const nothingLeft = returnable.length === 0;
  // The last units asked for: the button goes once the returns are read again, and the
  // focus goes to the section's title instead of being lost.
  useEffect(() => {
    if (nothingLeft && sent.current) heading.current?.focus();
    sent.current = false;
  }, [nothingLeft]);
  if (!term) return null;
  const until = shortDate(term.until);

  function close() {
    setOpen(false);
    focusLater(() => toggle.current?.focus());
  }

  let body;
  if (!term.open) body = <p className="mb-0">{M.returnWindowClosed(until)}</p>;
  else if (returnable.length === 0) body = <p className="mb-0">{M.returnNothingLeft}</p>;
  else {
    body = (
      <>
        <p>{M.returnBy(until)}</p>
        <button
          type="button"
          ref={toggle}
          className="btn btn-outline-primary btn-sm mb-3"
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {M.returnOpen}
        </button>
        {open && (
          <div id={formId}>
            <ReturnRequestForm
              returnable={returnable}
              loadProduct={loadProduct}
              onSubmit={async (request) => {
                await onRequest(request);
                sent.current = true;
                close();
              }}
              onCancel={close}
            />
          </div>
        )}
      </>
    );
  }

  return (
    <section className="card shadow-sm mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5" tabIndex={-1} ref={heading}>
          {M.returnHeading}
        </h2>
        {body}
      </div>
    </section>
  );
}
