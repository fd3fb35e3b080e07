import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { duplicateNames, injectedEndpoints, portalEndpoints } from './endpoint-names';

const root = resolve(import.meta.dirname, '../..');

/**
 * Every library injects its endpoints into the one `baseApi` of `libs/api-client`, where a name is one cache for
 * the whole portal: a second definition under a taken name is dropped (RTK Query keeps the first and only warns in
 * development), so whichever library loaded first wins and the other's page runs the wrong query with its own
 * argument. Once, two `organizerEvents` did exactly that. Names must be unique across all of them.
 */
describe('endpoint names of the one baseApi', () => {
  const endpoints = portalEndpoints(root);

  it('are read from every library that injects endpoints', () => {
    const files = new Set(endpoints.map((endpoint) => endpoint.file.split('/').slice(0, 2).join('/')));
    expect([...files]).toEqual(
      expect.arrayContaining([
        'apps/portal',
        'libs/api-client',
        'libs/auth-session',
        'libs/competitions',
        'libs/applications',
        'libs/profile',
        'libs/photo-video',
      ]),
    );
    const names = endpoints.map((endpoint) => endpoint.name);
    expect(names).toEqual(
      expect.arrayContaining(['ownCompetitionList', 'photoVideoEvents', 'publicProfile']),
    );
    expect(names.length).toBeGreaterThan(40);
  });

  it('are unique across the portal', () => {
    expect(Object.fromEntries(duplicateNames(endpoints))).toEqual({});
  });

  it('tells a name two libraries define, with both places', () => {
    const competitions = `
      export const organizerApi = baseApi.enhanceEndpoints({ addTagTypes: ['X'] }).injectEndpoints({
        endpoints: (build) => ({
          organizerEvents: build.query({ query: () => 'a' }),
          'createCompetition': build.mutation({ query: () => 'b' }),
        }),
      });`;
    const photoVideo = `
      export const photoVideoApi = baseApi.injectEndpoints({
        endpoints: (build) => {
          return { organizerEvents: build.query({ query: () => 'c' }) };
        },
      });`;
    const found = [
      ...injectedEndpoints('libs/competitions/src/api/organizer-api.ts', competitions),
      ...injectedEndpoints('libs/photo-video/src/api/photo-video-api.ts', photoVideo),
    ];
    expect(found.map((endpoint) => endpoint.name)).toEqual([
      'organizerEvents',
      'createCompetition',
      'organizerEvents',
    ]);
    expect(Object.fromEntries(duplicateNames(found))).toEqual({
      organizerEvents: [
        'libs/competitions/src/api/organizer-api.ts:4',
        'libs/photo-video/src/api/photo-video-api.ts:4',
      ],
    });
  });
});
