export { pluralRu, type RussianWordForms } from './lib/plural';
