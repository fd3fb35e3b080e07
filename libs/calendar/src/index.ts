export * from './lib/clock';
export * from './lib/federation-calendar';
export * from './lib/russian-dates';
