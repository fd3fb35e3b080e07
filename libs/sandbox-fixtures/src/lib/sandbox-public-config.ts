import type { PublicConfig } from '@fed/contracts';

/**
 * The ids the sandbox twin seeds its demo federation with. A deployment against the real platform
 * overrides every one of them through the environment.
 */
export const sandboxPublicConfig: PublicConfig = {
  federationProfileId: '6f1c2a40-5b7e-4c1d-9a3e-0f0e5d1c2b01',
  extensions: {
    application: '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c01',
    requests: '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c02',
    functions: '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c03',
    insurance: '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c04',
  },
  offerDocumentIds: {
    sportsman: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b01',
    organization: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b02',
    user: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b03',
  },
  defaultAgeClassId: '7e6d5c4b-3a29-4187-9f6e-5d4c3b2a1901',
  analyticsId: null,
};
