import { federation, platformApps } from '@fed/contracts';
import { completeSettlementAccount } from '@fed/validation';
import { venuesIn } from '@fed/sandbox-dadata';
import type { NewItem } from '../../core/items.repository';
import { demoClub, demoFederation } from '../demo-accounts';
import { demoFileId, demoPicturePng } from '../demo-files';
import { banks, cities, clubNames, type CityInfo } from '../dictionary';
import { dayIn, type SeedContext } from '../seed-context';
import { middayOf, ORGANIZATION_KIND, person, phoneNumber } from '../seed-values';

/** The federation (`demoFederation`) and its clubs, the demo club (`demoClub`) first. */
export function seedOrganizations(context: SeedContext): void {
  const { prng, size } = context;
  const organizationFields = (
    id: string,
    index: number,
    name: string,
    legalName: string,
    city: CityInfo,
    phone: string,
  ) => {
    const bank = prng.pick(banks);
    // Every other club (and the federation) shows a logo; the picture draws nothing from the generator.
    const logo =
      index % 2 === 0
        ? [
            context.files.save({
              id: demoFileId(id, 'logo'),
              name: `Логотип ${index}.png`,
              mimeType: 'image/png',
              body: demoPicturePng(index + 1, 240),
              directory: 'portal-uploads',
            }).__id,
          ]
        : [];
    return {
      representative_new: ORGANIZATION_KIND,
      gorod: city.name,
      fakti_address: prng.pick(venuesIn(city.name)).address,
      phone: [{ type: 'main', tel: phone }],
      contact_phone: [{ type: 'work', tel: `+7${prng.int(300, 499)}${prng.digits(7)}` }],
      email_kontr: [
        {
          type: 'work',
          email: index === 0 ? federation.email : `club${index}@fke-sport.example`,
        },
      ],
      sait: index === 0 ? federation.site : `https://club${index}.fke-sport.example`,
      vk_link: index === 0 ? 'https://vk.com/fke_sport' : `https://vk.com/club_fke_${index}`,
      vk_link_available: index === 0 || prng.chance(0.7),
      inn_a: prng.digits(10),
      yr_nazvanie: legalName,
      bank: bank[0],
      bic: bank[1],
      correspondent_account: bank[2],
      // The drawn digits with the control digit the bank's BIC asks for in place of the 9th.
      bank_account: completeSettlementAccount(`40703810${prng.digits(12)}`, bank[1]),
      photo_video_sale: index === 0 || prng.chance(0.6),
      associationFederation: true,
      logo,
    };
  };
  const organizationItems: NewItem[] = [
    {
      id: demoFederation.organizationId,
      name: federation.name,
      fields: organizationFields(
        demoFederation.organizationId,
        0,
        federation.name,
        federation.legalName,
        cities[0] as CityInfo,
        demoFederation.phone,
      ),
      createdAt: context.longAgo,
    },
  ];
  const clubCount = Math.max(2, Math.min(size.clubs, clubNames.length));
  for (let index = 0; index < clubCount; index += 1) {
    const city = cities[index % cities.length] as CityInfo;
    const clubName = clubNames[index] as string;
    const name = `СК «${clubName}»`;
    const id = index === 0 ? demoClub.organizationId : prng.uuid();
    const phone = index === 0 ? demoClub.phone : phoneNumber(prng);
    const coach = person(prng, prng.chance(0.8) ? 'male' : 'female').name;
    context.organizations.push({ id, name, city, coach });
    organizationItems.push({
      id,
      name,
      fields: organizationFields(id, index + 1, name, `АНО «Спортивный клуб «${clubName}»`, city, phone),
      createdAt: middayOf(dayIn(context, -prng.int(100, 380))).toISOString(),
    });
  }
  context.items.add(platformApps.sportsman, ...organizationItems);
}
