import { send } from './send.js';

export function request(url, init = {}, method = 'GET') {
  return send(url, { method, ...init });
}
