import { People } from './people';

const people = new People();

export const rename = (personId: string, first: string) => people.update(`${personId}/features/callerId`, { selected: 'DIRECT_LINE', firstName: first });
