import { request } from '../http/client.js';
import { JSON_DEFAULTS } from './defaults.js';

export function findPerson(email, signal) {
  return request(`https://webexapis.com/v1/people?email=${encodeURIComponent(email)}`, { ...JSON_DEFAULTS, signal });
}
