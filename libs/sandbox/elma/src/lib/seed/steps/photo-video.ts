import { venue } from '@fed/sandbox-dadata';
import { demoCompetitions } from '../demo-accounts';
import { programsOpenTo } from '../entries';
import { made, type Organization, type SeedContext } from '../seed-context';
import { PHOTO_VIDEO_CUP_ENTRANTS } from './athletes';
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
  const sonMay = programsOpenTo(son, cup);
  if (!sonMay.includes(kata) || !sonMay.includes(boys)) throw new Error('the son may not enter the cup');
  addRequest(context, son, cup, 'paid', 'competition', [kata, boys]);
  // Entered as the platform would have let them (the athletes step drew them to fit first in line): of the
  // son's age class in the cup's season, members until the cup begins.
  const others = context.athletes
    .filter((athlete) => athlete.id !== son.id && programsOpenTo(athlete, cup).includes(kata))
    .slice(0, PHOTO_VIDEO_CUP_ENTRANTS);
  if (others.length < PHOTO_VIDEO_CUP_ENTRANTS) throw new Error('the photo/video cup lacks its entrants');
  others.forEach((athlete, index) => {
    const program = index % 2 === 0 ? kata : athlete.gender === 'male' ? boys : girls;
    addRequest(context, athlete, cup, 'paid', 'competition', [program]);
  });
}
