import { webexClient } from '../lib/webex.js';

const api = webexClient();

interface VendorSettings {
  vendorId: string;
  [setting: string]: unknown;
}

/** Switches the org to our compliance recording vendor, keeping recordings in the EU. */
export async function selectRecordingVendor(vendorId: string): Promise<void> {
  await api.put('/telephony/config/callRecording/vendor', {
    vendorId,
    orgDefaultEnabled: true,
    storageRegion: 'EU',
    orgStorageRegionEnabled: true,
  });
}

export async function currentVendor(): Promise<string> {
  const { data } = await api.get<VendorSettings>('/telephony/config/callRecording/vendors');
  return `${data.vendorId} (${data.storageRegion ?? 'default region'})`;
}
