// The DaData twin (server only; the api mounts it through `@fed/sandbox-mount`).
export { DADATA_SANDBOX_API_KEY, DadataTwinModule, type DadataTwinOptions } from './lib/dadata-twin.module';
// The demo houses the twin suggests: the platform twin's seed places its clubs and events at them.
export { venue, venuesIn, type DemoVenue } from './lib/data/russian-streets';
export { buildAddressDictionary } from './lib/dadata-dictionary';
