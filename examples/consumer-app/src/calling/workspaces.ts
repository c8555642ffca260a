import { webexClient } from '../lib/webex.js';

/** Simultaneous ring settings of a workspace, as we keep them in our provisioning sheet. */
export interface SimultaneousRing {
  enabled: boolean;
  doNotRingIfOnCallEnabled: boolean;
  answerConfirmationEnabled: boolean;
  phoneNumbers: { phoneNumber: string; answerConfirmationRequiredEnabled?: boolean }[];
}

export interface SequentialRing {
  enabled: boolean;
  ringBaseLocationFirstEnabled: boolean;
  baseLocationNumberOfRings: number;
  continueIfBaseLocationIsBusyEnabled: boolean;
  callsToVoicemailEnabled: boolean;
}

const api = webexClient();

export async function applySimultaneousRing(workspaceId: string, ring: SimultaneousRing): Promise<void> {
  await api.put(`/telephony/config/workspaces/${workspaceId}/simultaneousRing`, {
    enabled: ring.enabled,
    doNotRingIfOnCallEnabled: ring.doNotRingIfOnCallEnabled,
    answerConfirmationEnabled: ring.answerConfirmationEnabled,
    phoneNumbers: ring.phoneNumbers,
  });
}

export async function reportSimultaneousRing(workspaceId: string): Promise<string> {
  const { data } = await api.get(`/telephony/config/workspaces/${workspaceId}/simultaneousRing`);
  const { enabled, answerConfirmationEnabled } = data as SimultaneousRing;
  return `${workspaceId}: ${enabled ? 'on' : 'off'}${answerConfirmationEnabled ? ' (confirm answer)' : ''}`;
}

/** Lobby phones: ring the base location once, then the mobiles. */
export async function applyLobbySequentialRing(workspaceId: string): Promise<void> {
  const body: SequentialRing = {
    enabled: true,
    ringBaseLocationFirstEnabled: true,
    baseLocationNumberOfRings: 1,
    continueIfBaseLocationIsBusyEnabled: true,
    callsToVoicemailEnabled: false,
  };
  await api.put(`/telephony/config/workspaces/${workspaceId}/sequentialRing`, body);
}

/** Caller ID shown for a meeting room phone. */
export async function setWorkspaceCallerId(workspaceId: string, room: { name: string; floor: string }): Promise<void> {
  await api.put(`/workspaces/${workspaceId}/features/callerId`, {
    selected: 'LOCATION_NUMBER',
    displayName: room.name,
    displayDetail: `Floor ${room.floor}`,
  });
}
