// What every sandbox twin shares (server only).
export { ensurePrivateDir, preparePrivateDatabase, writePrivateFile } from './lib/private-files';
