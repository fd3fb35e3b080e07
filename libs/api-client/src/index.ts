export { baseApi } from './lib/base-api';
