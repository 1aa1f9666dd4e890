// A navbar dropdown driven by React state (no Bootstrap JS). Keyboard: Enter/Space on the
// toggle opens it, ArrowDown/ArrowUp move between items, Escape closes it and returns focus
// to the toggle, and focus leaving the menu closes it.
import { useEffect, useId, useRef, useState } from 'react';

function items(menu) {
  return Array.from(menu?.querySelectorAll('.dropdown-item') ?? []);
}

export default function NavDropdown({ label, children, align = 'start', toggleClassName = '' }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef(null);
  const toggleRef = useRef(null);
  const menuRef = useRef(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event) => {
      if (!rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const onKeyDown = (event) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      toggleRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) setOpen(true);
    const list = items(menuRef.current);
    if (!list.length) return;
    const at = list.indexOf(document.activeElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next = at === -1 ? (step === 1 ? 0 : list.length - 1) : at + step;
    list[(next + list.length) % list.length].focus();
  };

  const onBlur = (event) => {
    if (!rootRef.current?.contains(event.relatedTarget)) setOpen(false);
  };

  return (
    <li className="nav-item dropdown" ref={rootRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        type="button"
        ref={toggleRef}
        className={`nav-link dropdown-toggle ${toggleClassName}`.trim()}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      <ul
        id={menuId}
        ref={menuRef}
        className={`dropdown-menu${align === 'end' ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
        onClick={(event) => {
          if (event.target.closest('.dropdown-item')) setOpen(false);
        }}
      >
        {children}
      </ul>
    </li>
  );
}
