import { describe, expect, it } from 'vitest';
import { platformScriptModules } from './script-modules';
import { platformScripts, type PlatformScriptName } from './scripts';
import { applicationScripts } from './scripts/application';
import { functionsScripts } from './scripts/functions';
import { insuranceScripts } from './scripts/insurance';
import { profilesScripts } from './scripts/profiles';
import { requestsScripts } from './scripts/requests';

describe('the platform script registry', () => {
  it('holds every method of the module files, each in the module of its file', () => {
    const files = [
      ['application', applicationScripts],
      ['requests', requestsScripts],
      ['functions', functionsScripts],
      ['functions', profilesScripts],
      ['insurance', insuranceScripts],
    ] as const;
    const expected = files.flatMap(([module, table]) => Object.keys(table).map((name) => [name, module]));
    const actual = Object.entries(platformScripts).map(([name, script]) => [name, script.module]);
    expect(actual).toEqual(expected);
    expect(actual).toHaveLength(43);
  });

  it('agrees with the plain module map the portal builds its URLs with', () => {
    const registry = Object.fromEntries(
      Object.keys(platformScripts).map((name) => [name, platformScripts[name as PlatformScriptName].module]),
    );
    expect(registry).toEqual(platformScriptModules);
  });

  it('calls reads with GET and writes with POST, as the proxy relays them', () => {
    expect(platformScripts.getEvents.method).toBe('GET');
    expect(platformScripts.createApplication.method).toBe('POST');
    expect(platformScripts.getEvents.input.parse({})).toMatchObject({ when: 'all', from: 0, size: 20 });
  });
});
