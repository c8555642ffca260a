import { webexClient } from '../lib/webex.js';

interface HrRecord {
  personId: string;
  preferredFirstName: string;
  preferredLastName: string;
  department: string;
}

const api = webexClient();

/** Sync the external caller ID name with the HR system's preferred name. */
export async function syncCallerIdName(record: HrRecord): Promise<void> {
  await api.put(`/people/${record.personId}/features/callerId`, {
    selected: 'DIRECT_LINE',
    firstName: record.preferredFirstName,
    lastName: record.preferredLastName,
  });
}

/** Already migrated: the department desk lines use the new caller ID name object. */
export async function setDepartmentCallerId(personId: string, department: string): Promise<void> {
  await api.put(`/people/${personId}/features/callerId`, {
    selected: 'DIRECT_LINE',
    directLineCallerIdName: { selection: 'CUSTOM_NAME', customName: department },
    dialByFirstName: department,
    dialByLastName: 'Desk',
  });
}
