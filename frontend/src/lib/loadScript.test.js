import { afterEach, describe, expect, it } from 'vitest';
import { forgetScripts, loadScript } from './loadScript';

const URL_A = 'https://checkout.example.test/v1/checkout.js';
const tags = () => [...document.head.querySelectorAll('script')].filter((s) => s.src === URL_A);

afterEach(() => {
  forgetScripts();
  document.head.querySelectorAll('script').forEach((node) => node.remove());
});

describe('loadScript', () => {
  it('injects one async script tag and resolves when it has loaded', async () => {
    let done = false;
    const loading = loadScript(URL_A).then(() => {
      done = true;
    });
    expect(tags()).toHaveLength(1);
    expect(tags()[0].async).toBe(true);
    await Promise.resolve();
    expect(done).toBe(false);
    tags()[0].dispatchEvent(new Event('load'));
    await loading;
    expect(done).toBe(true);
  });

  it('never adds the script twice: while loading and after it loaded', async () => {
    const first = loadScript(URL_A);
    const second = loadScript(URL_A);
    expect(second).toBe(first);
    expect(tags()).toHaveLength(1);
    tags()[0].dispatchEvent(new Event('load'));
    await first;
    await loadScript(URL_A);
    expect(tags()).toHaveLength(1);
  });

  it('rejects when the script fails, removes its tag, and tries again on the next call', async () => {
    const failing = loadScript(URL_A);
    tags()[0].dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('could not be loaded');
    expect(tags()).toHaveLength(0);
    const again = loadScript(URL_A);
    expect(again).not.toBe(failing);
    expect(tags()).toHaveLength(1);
    tags()[0].dispatchEvent(new Event('load'));
    await expect(again).resolves.toBeUndefined();
  });
});
