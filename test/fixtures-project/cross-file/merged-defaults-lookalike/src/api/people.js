import { request } from '../http/client.js';
import { JSON_DEFAULTS } from './defaults.js';

export function findPerson(email, signal) {
  return request(`https://webexapis.com/v1/people/search`, { ...JSON_DEFAULTS, signal, body: JSON.stringify({ email }) });
}
