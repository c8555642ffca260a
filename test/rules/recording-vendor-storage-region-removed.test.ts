import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'recording-vendor-storage-region-removed';

ruleTester().run(id, rule(id), {
  valid: [
    "const cfg = { bucket: 'b', storageRegion: 'eu-west-1' };",
    "put('/archive', { storageRegion: 'eu-west-1' });",
    'const r = cfg.storageRegion;',
  ],
  invalid: [
    {
      code: "axios.put('/telephony/config/callRecording/vendor', { vendorId: v, storageRegion: 'EU' });",
      errors: [{ messageId: 'removed', line: 1, column: 68 }],
      output: "axios.put('/telephony/config/callRecording/vendor', { vendorId: v });",
    },
    {
      code: "client.put(url, {\n  vendorId: v,\n  orgStorageRegionEnabled: true,\n});",
      filename: 'file.js',
      errors: [{ messageId: 'removed', line: 3, column: 3 }],
      output: 'client.put(url, {\n  vendorId: v,\n});',
    },
    {
      // Not sent anywhere: reported, not removed (the object may be read later).
      code: "const defaults = { vendorId: v, storageRegion: 'EU' };",
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
