import { JsonClient } from '../http';
import { API_ROOT } from '../consts';

export class WebexApi extends JsonClient {
  constructor(resource: string, token: string) {
    super(API_ROOT, resource, token);
  }
}
