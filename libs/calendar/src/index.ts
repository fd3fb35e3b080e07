export * from './lib/clock';
export * from './lib/federation-calendar';
