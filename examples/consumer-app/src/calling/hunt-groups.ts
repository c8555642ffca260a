import { webexClient } from '../lib/webex.js';

interface HuntGroupPlan {
  locationId: string;
  name: string;
  extension: string;
  agents: string[];
  overflowNumber: string;
}

const api = webexClient();

export async function createHuntGroup(plan: HuntGroupPlan): Promise<string> {
  const { data } = await api.post(`/telephony/config/locations/${plan.locationId}/huntGroups`, {
    name: plan.name,
    extension: plan.extension,
    enabled: true,
    callPolicies: { policy: 'CIRCULAR', waitingEnabled: false },
    agents: plan.agents.map((id) => ({ id })),
    businessContinuity: { enabled: true, destination: plan.overflowNumber },
  });
  return (data as { id: string }).id;
}

export async function describeHuntGroup(locationId: string, huntGroupId: string): Promise<string> {
  const { data: group } = await api.get(`/telephony/config/locations/${locationId}/huntGroups/${huntGroupId}`);
  const overflow = group.businessContinuity?.enabled ? group.businessContinuity.destination : 'none';
  const busy = group.busyRedirect?.enabled ? group.busyRedirect.destination : 'none';
  const outage = group.businessContinuityRedirect?.enabled ? group.businessContinuityRedirect.destination : 'none';
  return `${group.name}: overflow=${overflow} busy=${busy} outage=${outage}`;
}
