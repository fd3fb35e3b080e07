import { describe, expect, it } from 'vitest';
import {
  LETTERS_AND_HYPHEN_PATTERN,
  NAME_PATTERN,
  NAME_WITH_DOTS_PATTERN,
  PLACE_NAME_PATTERN,
  SOCIAL_PROFILE_URL_PATTERN,
  TEXT_PATTERN,
  TEXT_WITH_DIGITS_PATTERN,
  TITLE_PATTERN,
  TYPED_TEXT_PATTERN,
} from './patterns';

const table: ReadonlyArray<[name: string, pattern: RegExp, passes: string[], fails: string[]]> = [
  [
    'NAME_PATTERN',
    NAME_PATTERN,
    ['Иванов', 'Пётр', 'Ёлкина', 'Анна-Мария', 'Ван Дамм', 'Smith', 'O-Neil'],
    ['', 'Иванов1', 'А.С.', "O'Neil", 'Іван', 'Иван_', 'Иван\t'],
  ],
  [
    'NAME_WITH_DOTS_PATTERN',
    NAME_WITH_DOTS_PATTERN,
    ['А. С. Пушкин', 'Jr.', 'Анна-Мария'],
    ['', 'А.С.1', 'Иван!'],
  ],
  [
    'LETTERS_AND_HYPHEN_PATTERN',
    LETTERS_AND_HYPHEN_PATTERN,
    ['Римский-Корсаков', 'Ёж', 'abc'],
    ['', 'Ван Дамм', 'А.', 'abc1'],
  ],
  [
    'TITLE_PATTERN',
    TITLE_PATTERN,
    ['Кубок «Звезда» №5', 'Open 2026: финал', 'ООО "Спорт & Ко"', 'Ä'],
    ['', '   ', '---', 'Кубок\u0000', 'Кубок\u200b', 'Кубок\ud800'],
  ],
  [
    'TYPED_TEXT_PATTERN',
    TYPED_TEXT_PATTERN,
    ['', 'Иванов2', "O'Neil", 'Д’Артаньян', '<b>Пётр</b>', 'Ли\u200dя', '😀'],
    ['Ива\u0000нов', 'Мос\nква', 'Таб\t', 'a\ud800b', 'a\udc00', '\ue000'],
  ],
  [
    'PLACE_NAME_PATTERN',
    PLACE_NAME_PATTERN,
    ['Москва', 'Ростов-на-Дону', 'пгт Красная Поляна', 'Санкт-Петербург (Колпино)'],
    ['', '12', '<img src=x>', 'Мос\nква', 'a\ud800b', 'Москва=1'],
  ],
  [
    'SOCIAL_PROFILE_URL_PATTERN',
    SOCIAL_PROFILE_URL_PATTERN,
    [
      'https://vk.com/id123',
      'http://vk.com/club42',
      'https://vk.com/public7',
      'https://vk.com/ivan.petrov_90',
      'https://m.vk.com/id1/',
      'https://www.vk.ru/sportclub',
    ],
    [
      'vk.com/id1',
      'ftp://vk.com/id1',
      'https://evil.com/id1',
      'https://vk.com/',
      'https://vk.com/id1?x=1',
      'https://vk.com/a b',
    ],
  ],
  [
    'TEXT_PATTERN',
    TEXT_PATTERN,
    ['Привет, мир!', 'Да — нет?', '«Цитата» (пояснение); конец.'],
    ['', 'Дом 5', 'a+b', 'Кубок №'],
  ],
  [
    'TEXT_WITH_DIGITS_PATTERN',
    TEXT_WITH_DIGITS_PATTERN,
    ['ул. Ленина, д. 5', 'ПАО "Сбербанк"', '2026'],
    ['', 'a+b', 'Кубок №5', 'x<y'],
  ],
];

describe.each(table)('%s', (_name, pattern, passes, fails) => {
  it.each(passes)('accepts %j', (text) => {
    expect(pattern.test(text)).toBe(true);
  });
  it.each(fails)('refuses %j', (text) => {
    expect(pattern.test(text)).toBe(false);
  });
});
