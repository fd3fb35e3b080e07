import * as apiClient from '@fed/api-client';
import { describe, expect, it } from 'vitest';
import * as publicFace from './index';

describe('the library’s public face', () => {
  it('carries the session, not the api’s error helpers, which the API client holds', () => {
    for (const name of ['messageOf', 'showFieldErrors', 'apiErrorOf', 'UNEXPECTED_ERROR']) {
      expect(publicFace).not.toHaveProperty(name);
      expect(apiClient).toHaveProperty(name);
    }
    expect(publicFace).toHaveProperty('selectSession');
  });
});
