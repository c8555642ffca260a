import { PlatformHttp } from './platform-http';

export class Teams extends PlatformHttp {
  constructor(origin: string, token: string) {
    super(origin, 'teams', token);
  }

  details(id: string) {
    return this.read({ path: id });
  }

  add(name: string) {
    return this.create({ data: { name } });
  }
}
