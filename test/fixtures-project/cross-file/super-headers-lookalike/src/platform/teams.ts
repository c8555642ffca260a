import { PlatformHttp } from './platform-http';

export class Teams extends PlatformHttp {
  constructor(origin: string, token: string) {
    super(origin, 'teams', token);
  }

  add(name: string) {
    return this.create({ data: { name } });
  }

  rename(id: string, name: string) {
    return this.create({ path: id, data: { name } });
  }
}
