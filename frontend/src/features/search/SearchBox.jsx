// The navbar search box (spec sections 2 and 4): an ARIA 1.2 combobox with a
// list of suggestions. The keyword updates as typed; after a short pause the server
// suggests category and product names (even for a misspelled start). Arrow keys move
// through them, Enter opens the one picked, Escape closes the list (or clears the box
// when it is closed); a screen reader hears how many suggestions there are.
// Enter without a pick searches as before: a blank keyword sends nothing and says so
// (decision F6); on success the results are stored and the shopper goes to /search?q=.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from '../../lib/toast';
import { takeTypedSearch } from '../../lib/typedSearch';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { correctionOf, searchProducts, suggestProducts } from './api';
import { useSearch } from './SearchContext';

// Long enough for any real search; short enough that the address stays under the
// server's request-line limit (4 KB) even in Devanagari or emoji, percent-encoded.
export const SEARCH_MAX_LENGTH = 200;
export const SUGGEST_DELAY_MS = 200;
export const SUGGEST_MIN_LENGTH = 2;

export function searchPath(keyword) {
  return `${paths.search}?q=${encodeURIComponent(keyword)}`;
}

function suggestionPath(suggestion) {
  return suggestion.type === 'category'
    ? paths.category(suggestion.slug)
    : paths.product(suggestion.slug);
}

function announce(count) {
  if (count === 0) return 'No suggestions';
  return `${count} ${count === 1 ? 'suggestion' : 'suggestions'} available; use the up and down arrows to choose`;
}

export default function SearchBox() {
  const { values, setValues } = useSearch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // Suggestions are for the text they were asked for; `typed` is what the shopper typed
  // (not what a pick filled in), so picking does not ask again.
  const [typed, setTyped] = useState('');
  const [suggestions, setSuggestions] = useState({ text: '', items: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const input = useRef(null);
  const listId = `${id}-listbox`;
  const optionId = (index) => `${id}-option-${index}`;

  // Text typed into the server's box before the app took over: kept with its caret and
  // focus (lib/typedSearch.js). Written into the input before React reads it back, so
  // the caret is where the shopper left it, all before the first paint.
  useLayoutEffect(() => {
    const carried = takeTypedSearch();
    const box = input.current;
    if (!carried || !box) return;
    box.value = carried.value;
    if (carried.focused) box.focus({ preventScroll: true });
    box.setSelectionRange(carried.start, carried.end, carried.direction);
    setTyped(carried.value);
    setValues((current) => ({ ...current, keyword: carried.value }));
  }, [setValues]);

  const wanted = typed.trim();
  useEffect(() => {
    if (wanted.length < SUGGEST_MIN_LENGTH) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggestProducts(wanted, { signal: controller.signal })
        .then(({ data }) => {
          const items = Array.isArray(data?.suggestions) ? data.suggestions : [];
          setSuggestions({ text: wanted, items });
          setActive(-1);
        })
        .catch((error) => {
          if (error?.name !== 'CanceledError') console.error('suggestions failed', error);
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);

  // Shown only while they match what is typed (derived, never stale).
  const items = suggestions.text === wanted && wanted ? suggestions.items : [];
  const expanded = open && items.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (suggestion) => {
    close();
    setValues((current) => ({ ...current, keyword: suggestion.name }));
    navigate(suggestionPath(suggestion));
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    if (expanded && active >= 0) {
      pick(items[active]);
      return;
    }
    close();
    const keyword = values.keyword.trim();
    if (!keyword) {
      toast.error(MESSAGES.emptySearch, { id: 'empty-search' });
      return;
    }
    setBusy(true);
    try {
      const response = await searchProducts(keyword);
      const { data } = response;
      setValues((current) => ({
        ...current,
        results: Array.isArray(data) ? data : [],
        query: keyword,
        corrected: correctionOf(response),
      }));
      navigate(searchPath(keyword));
    } catch (error) {
      console.error('search failed', error);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) {
        setOpen(true);
        setActive(step === 1 ? 0 : items.length - 1);
        return;
      }
      // Past either end the focus goes back to the text (active -1), as in the pattern.
      setActive((index) => {
        const next = index + step;
        if (next < -1) return items.length - 1;
        if (next >= items.length) return -1;
        return next;
      });
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (values.keyword) {
        event.preventDefault();
        setTyped('');
        setValues((current) => ({ ...current, keyword: '' }));
      }
    }
  };

  const onChange = (event) => {
    const keyword = event.target.value;
    setTyped(keyword);
    setOpen(true);
    setActive(-1);
    setValues((current) => ({ ...current, keyword }));
  };

  return (
    <form className="d-flex my-2 my-lg-0" role="search" onSubmit={onSubmit}>
      <div className="position-relative flex-grow-1 me-2">
        <label htmlFor="navbar-search" className="visually-hidden">
          Search products
        </label>
        <input
          id="navbar-search"
          ref={input}
          className="form-control"
          type="search"
          placeholder="Search"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          maxLength={SEARCH_MAX_LENGTH}
          value={values.keyword}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onBlur={close}
          onFocus={() => setOpen(true)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!expanded}
          className={`dropdown-menu${expanded ? ' show' : ''}`}
          style={{ top: '100%', minWidth: '100%', maxWidth: 'min(28rem, 90vw)' }}
        >
          {expanded &&
            items.map((suggestion, index) => (
              <li
                key={`${suggestion.type}-${suggestion.slug}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`dropdown-item text-truncate${index === active ? ' active' : ''}`}
                // Keeps the focus in the box (no blur before the click lands).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(suggestion)}
              >
                {suggestion.name}
                {suggestion.type === 'category' && (
                  <span className="ms-2 small text-body-secondary">Category</span>
                )}
              </li>
            ))}
        </ul>
        <div className="visually-hidden" aria-live="polite" aria-atomic="true">
          {open && wanted.length >= SUGGEST_MIN_LENGTH && suggestions.text === wanted
            ? announce(items.length)
            : ''}
        </div>
      </div>
      <button className="btn btn-outline-success" type="submit" disabled={busy}>
        Search
      </button>
    </form>
  );
}
