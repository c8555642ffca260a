import { webexClient } from '../lib/webex.js';

interface Trunk {
  id: string;
  name: string;
  status: string;
  errorCodes: string[];
}

const api = webexClient();

/** Turns a trunk's error codes into something the NOC can act on. */
export function explainTrunkErrors(trunk: Trunk): string[] {
  return trunk.errorCodes.map((code) => {
    switch (code) {
      case 'E1001':
        return 'DNS lookup of the peer FQDN failed';
      case 'E1003':
        return 'peer certificate signed by an unknown CA';
      case 'E1004':
        return 'peer certificate expired';
      default:
        return `unknown trunk error ${code}`;
    }
  });
}

export async function checkTrunks(locationId: string): Promise<string[]> {
  const { data } = await api.get<{ trunks: Trunk[] }>('/telephony/config/premisePstn/trunks', { params: { locationName: locationId } });
  const alerts: string[] = [];
  for (const summary of data.trunks) {
    const { data: trunk } = await api.get<Trunk>(`/telephony/config/premisePstn/trunks/${summary.id}`);
    if (trunk.errorCodes.includes('E1007')) alerts.push(`${trunk.name}: no response from peer`);
    alerts.push(...explainTrunkErrors(trunk).map((m) => `${trunk.name}: ${m}`));
  }
  return alerts;
}

/** Test Call Routing: where would a call from this originator to that number go? */
export async function traceRoute(locationId: string, originatorId: string, destination: string): Promise<string> {
  const { data } = await api.post(`/telephony/config/actions/testCallRouting/invoke`, {
    originatorId,
    originatorType: 'USER',
    destination,
  });
  return `${data.destinationType} via ${data.routingProfile ?? 'default'} (line id ${data.callingLineId})`;
}
