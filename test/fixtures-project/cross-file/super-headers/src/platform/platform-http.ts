import { RestBase } from '../http/rest-base';
import { PLATFORM_ORIGIN } from './constants';

export class PlatformHttp extends RestBase {
  constructor(origin: string, section: string, token: string) {
    super({
      origin,
      section,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });
  }
}

export const platformHttp = (token: string, section = '', origin = PLATFORM_ORIGIN) => new PlatformHttp(origin, section, token);
