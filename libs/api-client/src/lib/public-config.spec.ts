import { afterEach, describe, expect, it } from 'vitest';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { publicConfig, resetPublicConfigForTests } from './public-config';

describe('publicConfig', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    resetPublicConfigForTests();
  });

  it('reads the configuration the api wrote into the page', () => {
    const served = { ...sandboxPublicConfig, analyticsId: '12345' };
    document.head.innerHTML = `<script id="public-config" type="application/json">${JSON.stringify(served)}</script>`;
    expect(publicConfig()).toEqual(served);
  });

  it('falls back to the sandbox values when the page has none or it is broken', () => {
    expect(publicConfig()).toEqual(sandboxPublicConfig);
    resetPublicConfigForTests();
    document.head.innerHTML = '<script id="public-config" type="application/json">{broken</script>';
    expect(publicConfig()).toEqual(sandboxPublicConfig);
  });
});
