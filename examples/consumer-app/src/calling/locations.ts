import { webexClient } from '../lib/webex.js';

const api = webexClient();

/** Moves a location's PSTN onto our SBC trunk (used during the carrier migration). */
export async function pointLocationAtTrunk(locationId: string, trunkId: string): Promise<void> {
  await api.put(`/telephony/config/locations/${locationId}`, {
    connection: { type: 'TRUNK', id: trunkId },
  });
}

export async function setOutsideDialDigit(locationId: string, digit: string): Promise<void> {
  await api.put(`/telephony/config/locations/${locationId}`, { outsideDialDigit: digit, enforceOutsideDialDigit: true });
}
