import { describe, expect, it } from 'vitest';
import { createSportsmanProcess } from './platform-apps';
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
    expect(actual).toHaveLength(44);
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

  it('starts create_sportsman of the sportsman app by runBP, with either update context of spec §7 or a new athlete', () => {
    const runBP = (body: unknown) => platformScripts.runBP.input.safeParse(body);
    const sportsman = {
      is_need_update_sportsman: true,
      representive: true,
      sportsman: ['sp-1'],
      id: 'sp-1',
      contractortype: 'sportsman',
      fieldsForClear: ['trener'],
    };
    const organization = {
      is_need_update_sportsman: true,
      id: 'org-1',
      contractortype: 'organization',
      contact_phone: [{ type: 'main', tel: '+74951234567' }],
      email: [{ type: 'main', email: 'club@example.org' }],
      fieldsForClear: [],
    };
    const newAthlete = {
      fio: { lastname: 'Иванов', firstname: 'Иван' },
      date_of_birth: '2010-01-01',
      gorod: 'Казань',
      gender: 'male',
    };
    for (const context of [sportsman, organization, newAthlete]) {
      expect(runBP({ ...createSportsmanProcess, context }).success).toBe(true);
    }
    expect(createSportsmanProcess).toEqual({ application: 'sportsman', process: 'create_sportsman' });
    expect(runBP({ ...createSportsmanProcess, process: 'update_profile', context: sportsman }).success).toBe(
      false,
    );
    expect(
      runBP({ ...createSportsmanProcess, application: 'competitions', context: sportsman }).success,
    ).toBe(false);
    expect(runBP({ process: 'create_sportsman', context: sportsman }).success).toBe(false);
    // A sportsman context must say it represents, and an update context names no field beyond the spec's.
    expect(runBP({ ...createSportsmanProcess, context: { ...sportsman, representive: false } }).success).toBe(
      false,
    );
    expect(
      runBP({ ...createSportsmanProcess, context: { ...organization, inn_a: '7700000000' } }).success,
    ).toBe(false);
  });

  it('takes the legal representative alone (spec §7), and reads a record by its fields', () => {
    const representative = {
      firstname: 'Анна',
      lastname: 'Петрова',
      middlename: '',
      date_of_birth: '1980-01-02',
    };
    const save = platformScripts.createUpdateLegalRepresentative.input;
    expect(save.safeParse(representative).success).toBe(true);
    expect(save.safeParse({ ...representative, sportsmanId: 'sp-1' }).success).toBe(false);
    const read = platformScripts.getRecordFields;
    expect(read.method).toBe('GET');
    expect(
      read.input.safeParse({ application: 'sportsman', id: 'sp-1', fields: ['__id', 'fio'] }).success,
    ).toBe(true);
    for (const fields of [[], ['fio', 'fio'], ['<b>']]) {
      expect(read.input.safeParse({ application: 'sportsman', id: 'sp-1', fields }).success).toBe(false);
    }
    expect(read.input.safeParse({ application: 'nowhere', id: 'sp-1', fields: ['fio'] }).success).toBe(false);
  });
});
