import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'recording-vendor-storage-region-removed';

ruleTester().run(id, rule(id), {
  valid: [
    "const cfg = { bucket: 'b', storageRegion: 'eu-west-1' };",
    "put('/archive', { storageRegion: 'eu-west-1' });",
    'const r = cfg.storageRegion;',
    // A converged recording's storage region (List Recordings): another endpoint, not removed.
    "const { data } = await axios.get('https://webexapis.com/v1/convergedRecordings');\nconst regions = data.items.map((r) => r.storageRegion);",
    // A vendor object tied to nothing, in a file with no API context: not reported.
    "const defaults = { vendorId: v, storageRegion: 'EU' };",
  ],
  invalid: [
    {
      code: "axios.put('/telephony/config/callRecording/vendor', { vendorId: v, storageRegion: 'EU' });",
      errors: [{ messageId: 'removed', line: 1, column: 68 }],
      output: "axios.put('/telephony/config/callRecording/vendor', { vendorId: v });",
    },
    {
      // The URL is in a constant: Set Call Recording Vendor for a Location (certain, removed).
      code: "const url = `/telephony/config/locations/${loc}/callRecording/vendor`;\nclient.put(url, {\n  vendorId: v,\n  orgStorageRegionEnabled: true,\n});",
      filename: 'file.js',
      errors: [{ messageId: 'removed', line: 4, column: 3 }],
      output: "const url = `/telephony/config/locations/${loc}/callRecording/vendor`;\nclient.put(url, {\n  vendorId: v,\n});",
    },
    {
      // Not sent anywhere, in a file that calls the vendor endpoint: likely, reported, not removed.
      code: "const defaults = { vendorId: v, storageRegion: 'EU' };\nexport const vendors = () => fetch('https://webexapis.com/v1/telephony/config/callRecording/vendors');",
      errors: [{ messageId: 'removed', line: 1, column: 33 }],
      output: null,
    },
    {
      code: "const url = '/telephony/config/callRecording/vendors';\nconst region = vendor.storageRegion;",
      errors: [{ messageId: 'removed', line: 2, column: 23 }],
      output: null,
    },
  ],
});
