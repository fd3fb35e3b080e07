/**
 * Demo companies and sole traders of the DaData twin. All fictional; every INN, OGRN and OGRNIP carries
 * valid check digits (`demo-parties.spec.ts` proves it). Addresses name a city of the dictionary.
 */
export interface DemoPartyRow {
  inn: string;
  kpp: string | null;
  ogrn: string;
  /** Registration date, ISO. */
  registered: string;
  /** Liquidation date, ISO, for liquidated ones. */
  liquidated?: string;
  type: 'LEGAL' | 'INDIVIDUAL';
  branchType: 'MAIN' | 'BRANCH';
  status: 'ACTIVE' | 'LIQUIDATING' | 'LIQUIDATED';
  opf: { code: string; full: string; short: string };
  /** Name without the legal form, as DaData's `name.full` (upper case like the register). */
  fullName: string;
  shortName: string;
  /** Head of a legal entity; sole traders have none. */
  management?: { name: string; post: string };
  fio?: { surname: string; name: string; patronymic: string };
  okved: string;
  /** City of the dictionary (name and region code) and the street part of the address. */
  city: { name: string; region: string };
  street: string;
  postalCode: string;
}

const OOO = { code: '12300', full: 'Общество с ограниченной ответственностью', short: 'ООО' };
const AO = { code: '12267', full: 'Непубличное акционерное общество', short: 'АО' };
const ANO = { code: '71400', full: 'Автономная некоммерческая организация', short: 'АНО' };
const OO = { code: '20200', full: 'Общественная организация', short: 'ОО' };
const CHU = { code: '75500', full: 'Частное учреждение', short: 'ЧУ' };
const IP = { code: '50102', full: 'Индивидуальный предприниматель', short: 'ИП' };

export const demoParties: readonly DemoPartyRow[] = [
  {
    inn: '7728053113',
    kpp: '772801001',
    ogrn: '1157746001236',
    registered: '2015-02-10',
    type: 'LEGAL',
    branchType: 'MAIN',
    status: 'ACTIVE',
    opf: OOO,
    fullName: 'СПОРТ-ЛАЙН',
    shortName: 'СПОРТ-ЛАЙН',
    management: { name: 'Орлов Денис Андреевич', post: 'ГЕНЕРАЛЬНЫЙ ДИРЕКТОР' },
    okved: '93.19',
    city: { name: 'Москва', region: '77' },
    street: 'ул Профсоюзная, д 56',
    postalCode: '117393',
  },
  {
    inn: '7728053113',
    kpp: '781045001',
    ogrn: '1157746001236',
    registered: '2017-06-01',
    type: 'LEGAL',
    branchType: 'BRANCH',
    status: 'ACTIVE',
    opf: OOO,
    fullName: 'СПОРТ-ЛАЙН',
    shortName: 'СПОРТ-ЛАЙН',
    management: { name: 'Кузнецова Ольга Петровна', post: 'ДИРЕКТОР ФИЛИАЛА' },
    okved: '93.19',
    city: { name: 'Санкт-Петербург', region: '78' },
    street: 'пр-кт Московский, д 120',
    postalCode: '196084',
  },
  {
    inn: '1655018427',
    kpp: '165501001',
    ogrn: '1111655004560',
    registered: '2011-03-22',
    type: 'LEGAL',
    branchType: 'MAIN',
    status: 'ACTIVE',
    opf: ANO,
    fullName: 'СПОРТИВНЫЙ КЛУБ "ОЛИМП"',
    shortName: 'СК "ОЛИМП"',
    management: { name: 'Гарипов Рустам Ильдарович', post: 'ДИРЕКТОР' },
    okved: '93.12',
    city: { name: 'Казань', region: '16' },
    street: 'ул Баумана, д 19',
    postalCode: '420111',
  },
  {
    inn: '7810164730',
    kpp: '781001001',
    ogrn: '1177847007898',
    registered: '2017-09-05',
    type: 'LEGAL',
    branchType: 'MAIN',
    status: 'ACTIVE',
    opf: OO,
    fullName: 'РЕГИОНАЛЬНАЯ ФЕДЕРАЦИЯ ФУНКЦИОНАЛЬНОГО МНОГОБОРЬЯ САНКТ-ПЕТЕРБУРГА',
    shortName: 'РФФМ СПБ',
    management: { name: 'Белов Максим Сергеевич', post: 'ПРЕЗИДЕНТ' },
    okved: '93.19',
    city: { name: 'Санкт-Петербург', region: '78' },
    street: 'ул Бассейная, д 12',
    postalCode: '196066',
  },
  {
    inn: '5406239053',
    kpp: '540601001',
    ogrn: '1125406012346',
    registered: '2012-11-14',
    type: 'LEGAL',
    branchType: 'MAIN',
    status: 'ACTIVE',
    opf: OOO,
    fullName: 'АРЕНА ПЛЮС',
    shortName: 'АРЕНА ПЛЮС',
    management: { name: 'Шевченко Артём Викторович', post: 'ДИРЕКТОР' },
    okved: '93.11',
    city: { name: 'Новосибирск', region: '54' },
    street: 'ул Красный проспект, д 101',
    postalCode: '630091',
  },
  {
    inn: '6671045184',
    kpp: '667101001',
    ogrn: '1036601005671',
    registered: '2003-04-18',
    type: 'LEGAL',
    branchType: 'MAIN',
    status: 'LIQUIDATING',
    opf: AO,
    fullName: 'СТАДИОН "ЗАРЯ"',
    shortName: 'СТАДИОН "ЗАРЯ"',
    management: { name: 'Морозов Павел Игоревич', post: 'ЛИКВИДАТОР' },
    okved: '93.11',
    city: { name: 'Екатеринбург', region: '66' },
    street: 'ул Репина, д 5',
    postalCode: '620014',
  },
  {
    inn: '5260052271',
    kpp: '526001001',
    ogrn: '1185260008911',
    registered: '2018-01-30',
    liquidated: '2023-08-15',
    type: 'LEGAL',
    branchType: 'MAIN',
    status: 'LIQUIDATED',
    opf: OOO,
    fullName: 'ФИТНЕС ГРУПП',
    shortName: 'ФИТНЕС ГРУПП',
    management: { name: 'Лебедев Николай Олегович', post: 'ДИРЕКТОР' },
    okved: '93.13',
    city: { name: 'Нижний Новгород', region: '52' },
    street: 'ул Большая Покровская, д 30',
    postalCode: '603005',
  },
  {
    inn: '6317088164',
    kpp: '631701001',
    ogrn: '1136317003459',
    registered: '2013-05-27',
    type: 'LEGAL',
    branchType: 'MAIN',
    status: 'ACTIVE',
    opf: CHU,
    fullName: 'ДЕТСКО-ЮНОШЕСКАЯ СПОРТИВНАЯ ШКОЛА "ЧЕМПИОН"',
    shortName: 'ДЮСШ "ЧЕМПИОН"',
    management: { name: 'Васильева Елена Алексеевна', post: 'ДИРЕКТОР' },
    okved: '85.41',
    city: { name: 'Самара', region: '63' },
    street: 'ул Молодогвардейская, д 74',
    postalCode: '443010',
  },
  {
    inn: '2310092541',
    kpp: '231001001',
    ogrn: '1192310006789',
    registered: '2019-07-09',
    type: 'LEGAL',
    branchType: 'MAIN',
    status: 'ACTIVE',
    opf: OOO,
    fullName: 'ФОТОСТУДИЯ "ФИНИШ"',
    shortName: 'ФОТОСТУДИЯ "ФИНИШ"',
    management: { name: 'Ткаченко Ирина Владимировна', post: 'ГЕНЕРАЛЬНЫЙ ДИРЕКТОР' },
    okved: '74.20',
    city: { name: 'Краснодар', region: '23' },
    street: 'ул Красная, д 122',
    postalCode: '350000',
  },
  {
    inn: '6610007311',
    kpp: '661001001',
    ogrn: '1026600001119',
    registered: '2002-10-01',
    type: 'LEGAL',
    branchType: 'MAIN',
    status: 'ACTIVE',
    opf: AO,
    fullName: 'СТРАХОВАЯ КОМПАНИЯ "СПОРТ-ЗАЩИТА"',
    shortName: 'СК "СПОРТ-ЗАЩИТА"',
    management: { name: 'Соколов Андрей Михайлович', post: 'ГЕНЕРАЛЬНЫЙ ДИРЕКТОР' },
    okved: '65.12',
    city: { name: 'Екатеринбург', region: '66' },
    street: 'ул Малышева, д 51',
    postalCode: '620075',
  },
  {
    inn: '616411208778',
    kpp: null,
    ogrn: '319619600012343',
    registered: '2019-04-16',
    type: 'INDIVIDUAL',
    branchType: 'MAIN',
    status: 'ACTIVE',
    opf: IP,
    fullName: 'Петрова Анна Сергеевна',
    shortName: 'Петрова Анна Сергеевна',
    fio: { surname: 'Петрова', name: 'Анна', patronymic: 'Сергеевна' },
    okved: '85.51',
    city: { name: 'Ростов-на-Дону', region: '61' },
    street: 'ул Пушкинская, д 8',
    postalCode: '344002',
  },
  {
    inn: '366420513059',
    kpp: null,
    ogrn: '320366800045674',
    registered: '2020-02-03',
    type: 'INDIVIDUAL',
    branchType: 'MAIN',
    status: 'ACTIVE',
    opf: IP,
    fullName: 'Смирнов Игорь Викторович',
    shortName: 'Смирнов Игорь Викторович',
    fio: { surname: 'Смирнов', name: 'Игорь', patronymic: 'Викторович' },
    okved: '74.20',
    city: { name: 'Воронеж', region: '36' },
    street: 'ул Плехановская, д 10',
    postalCode: '394018',
  },
];
