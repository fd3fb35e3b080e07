import { describe, expect, it } from 'vitest';
import * as publicFace from './index';

describe('the library’s public face', () => {
  it('exports lazy loaders only, each resolving to its component', async () => {
    expect(Object.keys(publicFace).sort()).toEqual(['loadCompetitionRequests', 'loadMyApplications']);
    expect((await publicFace.loadMyApplications()).name).toBe('MyApplications');
    expect((await publicFace.loadCompetitionRequests()).name).toBe('CompetitionRequests');
  });
});
