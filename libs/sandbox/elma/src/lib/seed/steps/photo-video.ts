import { demoCompetitions } from '../demo-accounts';
import { made, type AgeClassSeed, type Athlete, type Organization, type SeedContext } from '../seed-context';
import { venue } from '@fed/sandbox-dadata';
import { journeyEvent } from './journey-events';
import { addRequest } from './requests';

/**
 * The photo/video journey's event (`demoCompetitions.photoVideoCup`): the demo club's youth cup in 10 days that
 * sells photos and videos at its own prices, registration closed (no other journey enters it); the son entered
 * kata and kumite 12–13, five other athletes of his age class one program each, all paid. Nothing is ordered
 * or uploaded yet: the journey does that. Written last, so it draws from the generator after everything else.
 */
export function seedPhotoVideoCup(context: SeedContext): void {
  const demoClubOrg = context.organizations[0] as Organization;
  const { son } = made(context.family, 'athletes');
  const cup = journeyEvent(context, {
    id: demoCompetitions.photoVideoCup,
    name: `Осенний кубок ${demoClubOrg.name} среди юношей`,
    organizer: demoClubOrg,
    startInDays: 10,
    days: 1,
    deadlineInDays: -2,
    level: 'city',
    placesLimit: 80,
    photoVideo: true,
    photoVideoPrices: { photo: 600, video: 1000, photo_video: 1400 },
    venue: venue('Москва', 'ул Лужники', '24'),
    programs: [
      ['kata', null, 'yunoshi_12_13', null, 1500],
      ['kumite', 'male', 'yunoshi_12_13', '−45 кг', 2000],
      ['kumite', 'female', 'yunoshi_12_13', '−42 кг', 2000],
    ],
  });
  const [kata, boys, girls] = cup.programs;
  if (!kata || !boys || !girls) throw new Error('the photo/video cup needs its three programs');
  addRequest(context, son, cup, 'paid', 'competition', [kata, boys]);
  const youth = (context.ageClasses.find((ageClass) => ageClass.code === 'yunoshi_12_13') as AgeClassSeed).id;
  // Entered as the platform would have let them: of the son's age class, members until the cup begins.
  const start = cup.start.toISOString();
  const others = context.athletes
    .filter(
      (athlete: Athlete) =>
        athlete.id !== son.id &&
        athlete.ageClassIds.has(youth) &&
        athlete.term !== null &&
        athlete.term > start,
    )
    .slice(0, 5);
  others.forEach((athlete, index) => {
    const program = index % 2 === 0 ? kata : athlete.gender === 'male' ? boys : girls;
    addRequest(context, athlete, cup, 'paid', 'competition', [program]);
  });
}
