import { Resource } from './resource';

export class People extends Resource {
  constructor() {
    super('people');
  }
}
