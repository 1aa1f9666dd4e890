import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureInitialData, readInitialData, readServerMain } from './initialData';

function serverPage(data, main = '<h1>From the server</h1>') {
  document.body.innerHTML = `<div id="root"><main>${main}</main></div>`;
  if (data !== undefined) {
    const script = document.createElement('script');
    script.id = 'initial-data';
    script.type = 'application/json';
    script.textContent = typeof data === 'string' ? data : JSON.stringify(data);
    document.head.appendChild(script);
  }
  captureInitialData();
}

afterEach(() => {
  document.getElementById('initial-data')?.remove();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('initial data', () => {
  it('is given for its route and slug only', () => {
    serverPage({ route: 'product', slug: 'phone', product: { name: 'Phone' } });
    expect(readInitialData('product', 'phone').product.name).toBe('Phone');
    expect(readInitialData('product', 'other')).toBeNull();
    expect(readInitialData('category', 'phone')).toBeNull();
    expect(readServerMain()).toBe('<h1>From the server</h1>');
  });

  it('is spent once the browser leaves the first address', () => {
    window.history.replaceState(null, '', '/product/phone');
    serverPage({ route: 'product', slug: 'phone', product: { name: 'Phone' } });
    window.history.pushState(null, '', '/cart');
    expect(readInitialData('product', 'phone')).toBeNull();
    expect(readServerMain()).toBe('');
    window.history.pushState(null, '', '/product/phone');
    expect(readInitialData('product', 'phone')).toBeNull();
    expect(readServerMain()).toBe('');
  });

  it('is nothing on a page without it, or with unreadable JSON', () => {
    serverPage(undefined, '');
    expect(readInitialData('product', 'phone')).toBeNull();
    expect(readServerMain()).toBe('');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serverPage('{not json');
    expect(readInitialData('product', 'phone')).toBeNull();
  });
});
