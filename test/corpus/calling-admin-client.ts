// A typed calling-admin client (TypeScript, fetch) used by an internal helpdesk tool.
const BASE = 'https://api.ciscospark.com/v1'; // expect: legacy-api-host

type Json = Record<string, unknown>;

export class CallingAdmin {
  constructor(private readonly token: string) {}

  private async call<T>(method: string, path: string, body?: Json): Promise<T> {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' }, // expect: get-request-content-type
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
    return (await res.json()) as T;
  }

  async huntGroupOverflow(locationId: string, id: string): Promise<string | undefined> {
    const { businessContinuity } = await this.call<{ businessContinuity?: { destination: string } }>('GET', `/telephony/config/locations/${locationId}/huntGroups/${id}`); // expect: hunt-group-business-continuity-removed
    return businessContinuity?.destination;
  }

  async testRoute(originatorId: string, destination: string): Promise<string> {
    const result = await this.call<Json>('POST', '/telephony/config/actions/testCallRouting/invoke', { originatorId, originatorType: 'USER', destination });
    return String(result['callingLineId']); // expect: test-call-routing-fields-removed
  }

  async movePstn(locationId: string, routeId: string): Promise<void> {
    await this.call('PUT', `/telephony/config/locations/${locationId}`, { connection: { type: 'ROUTE_GROUP', id: routeId } }); // expect: location-pstn-connection-moved
  }

  async renameVirtualLine(id: string, first: string, last: string): Promise<void> {
    await this.call('PUT', `/telephony/config/virtualLines/${id}/callerId`, {
      firstName: first, // expect: caller-id-name-fields-deprecated
      lastName: last, // expect: caller-id-name-fields-deprecated
    });
  }

  async shortNameLine(locationId: string, extension: string): Promise<void> {
    await this.call('POST', '/telephony/config/virtualLines', { locationId, firstName: 'Lobby', lastName: '.', extension }); // expect: calling-name-placeholder-null
  }

  async simRingConfirmation(id: string): Promise<string | undefined> {
    const ring = await this.call<{ answerConfirmationEnabled?: boolean }>('GET', `/telephony/config/workspaces/${id}/simultaneousRing`); // expect: workspace-answer-confirmation-renamed
    return ring.answerConfirmationEnabled ? 'confirm' : undefined; // expect: workspace-answer-confirmation-renamed
  }

  async vlCallerId(id: string): Promise<Json> {
    const vl = await this.call<{ callerIdFirstName?: string; callerIdLastName?: string }>('GET', `/telephony/config/virtualLines/${id}`); // expect: virtual-line-caller-id-names-deprecated
    return { name: `${vl.callerIdFirstName} ${vl.callerIdLastName}` }; // expect: virtual-line-caller-id-names-deprecated
  }

  async findLicense(name = 'Single License - Webex Suite'): Promise<string | undefined> { // expect: license-names-shortened
    const { items } = await this.call<{ items: { id: string; name: string }[] }>('GET', '/licenses');
    return items.find((l) => l.name === name)?.id;
  }

  async numbersFor(phoneNumbers: string[]): Promise<Json> {
    return this.call('GET', `/telephony/config/numbers?phoneNumbers=${phoneNumbers.join(',')}`); // expect: large-org-location-required
  }

  async vendor(): Promise<boolean> {
    const v = await this.call<Json>('GET', '/telephony/config/callRecording/vendors');
    return Boolean(v.orgStorageRegionEnabled); // expect: recording-vendor-storage-region-removed
  }
}
