import settings from './settings';
import { getJson } from './http';

const BASE = settings.api.origin + '/v1';

export function listRooms(token: string) {
  return getJson(`${BASE}/rooms?max=20`, token);
}
