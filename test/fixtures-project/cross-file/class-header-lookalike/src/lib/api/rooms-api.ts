import { WebexApi } from '.';

export class RoomsApi extends WebexApi {
  constructor(token: string) {
    super('rooms', token);
  }

  create(title: string) {
    return this.post('', { title });
  }

  rename(id: string, title: string) {
    return this.post(`${id}/rename`, { title });
  }
}
