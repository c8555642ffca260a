export { JsonClient } from './json-client';
