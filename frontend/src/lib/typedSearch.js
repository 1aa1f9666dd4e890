// What the shopper typed into the server's search box before the app took over.
//
// The page arrives with a working search box (templates/spa/shell.html); on a slow phone
// the script takes seconds to run, and createRoot then replaces the server's markup,
// box included. The app watches that box from before its first render and its
// SearchBox takes the text, the caret and the focus over when it mounts.
//
// Read when the SearchBox commits, not when the app starts: the first render is a
// transition, so the shopper may type on while it renders. By then React has removed the
// server's box, but a detached input keeps its value and selection. Its focus is gone,
// though, and Chromium fires blur on the removal itself, so a blur counts as leaving the
// box only when the box is still in the page once the current task's script is done
// (a microtask): React's commit, which removes it, runs the SearchBox's layout effects
// before that.

let watched = null;

// The box's state: null when nothing was typed into it (its value is the one it came with).
export function readTypedSearch(box, focused) {
  if (!box || box.value === box.defaultValue) return null;
  return {
    value: box.value,
    start: box.selectionStart,
    end: box.selectionEnd,
    direction: box.selectionDirection || 'none',
    focused,
  };
}

// Starts watching the server's box (the app calls it before its first render).
export function watchServerSearch(doc = document) {
  const box = doc.querySelector('#root #navbar-search');
  watched = box ? { box, focused: doc.activeElement === box, taken: false } : null;
  if (!box) return;
  const state = watched;
  box.addEventListener('focus', () => {
    state.focused = true;
  });
  box.addEventListener('blur', () => {
    queueMicrotask(() => {
      if (box.isConnected) state.focused = false;
    });
  });
}

// What was typed, once: the SearchBox that mounts first takes it.
export function takeTypedSearch() {
  if (!watched || watched.taken) return null;
  watched.taken = true;
  return readTypedSearch(watched.box, watched.focused);
}
