import { afterEach, describe, expect, it } from 'vitest';
import { readTypedSearch, takeTypedSearch, watchServerSearch } from './typedSearch';

function serverShell(value = '') {
  document.body.innerHTML = `<div id="root"><form role="search"><input id="navbar-search"
    type="search" name="q" value="${value}"></form><main></main></div>`;
  return document.getElementById('navbar-search');
}

// As a keyboard would: the value changes, the caret follows.
function typeInto(box, text) {
  box.focus();
  box.value += text;
  box.setSelectionRange(box.value.length, box.value.length);
}

// As createRoot's first commit does to the server's markup.
function replaceRoot() {
  document.getElementById('root').textContent = '';
}

const settle = () => new Promise((resolve) => queueMicrotask(resolve));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('text typed before the app takes over', () => {
  it('is nothing while the box holds what it came with', () => {
    const box = serverShell('phones');
    expect(readTypedSearch(box, true)).toBeNull();
    expect(readTypedSearch(null, false)).toBeNull();
  });

  it('reads the value, the selection and the focus', () => {
    const box = serverShell();
    typeInto(box, 'running shoes');
    box.setSelectionRange(3, 7, 'backward');
    expect(readTypedSearch(box, true)).toEqual({
      value: 'running shoes',
      start: 3,
      end: 7,
      direction: 'backward',
      focused: true,
    });
  });

  it('keeps the focus through the box being removed, and gives it once', async () => {
    const box = serverShell();
    watchServerSearch();
    typeInto(box, 'kurta');
    box.setSelectionRange(2, 2);
    replaceRoot();
    box.dispatchEvent(new FocusEvent('blur')); // Chromium blurs a focused node it removes
    // Taken inside the same task, as the SearchBox's layout effect does.
    const carried = takeTypedSearch();
    expect(carried).toEqual({ value: 'kurta', start: 2, end: 2, direction: 'none', focused: true });
    expect(takeTypedSearch()).toBeNull();
    await settle();
  });

  it('knows the shopper left the box before the app took over', async () => {
    const box = serverShell();
    watchServerSearch();
    typeInto(box, 'saree');
    box.blur();
    await settle();
    replaceRoot();
    expect(takeTypedSearch()).toMatchObject({ value: 'saree', focused: false });
  });

  it('gives nothing on a page without the server box', () => {
    document.body.innerHTML = '<div id="root"></div>';
    watchServerSearch();
    expect(takeTypedSearch()).toBeNull();
  });
});
