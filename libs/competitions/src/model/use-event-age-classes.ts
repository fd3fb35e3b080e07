import { skipToken } from '@reduxjs/toolkit/query';
import type { AgeClassRecord, EventDetails } from '@fed/contracts';
import { useAgeClassesQuery } from '../api/events-api';
import { lacksAgeClasses } from './programs';

/**
 * The age classes an event's programs name. The event brings its own; only when a program names one it
 * lacks is the platform's catalogue asked for.
 */
export function useEventAgeClasses(event: Pick<EventDetails, 'programs' | 'ageClasses'>): AgeClassRecord[] {
  const needed = lacksAgeClasses(event.programs, event.ageClasses);
  const { data: catalogue } = useAgeClassesQuery(needed ? undefined : skipToken);
  return needed && catalogue ? catalogue.result : event.ageClasses;
}
