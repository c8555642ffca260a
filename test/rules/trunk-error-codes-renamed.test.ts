import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'trunk-error-codes-renamed';
/** Ties the code below to Get a Trunk (issue 11): `trunk` is its response. */
const GET_TRUNK = "const trunk = await (await fetch(`https://webexapis.com/v1/telephony/config/premisePstn/trunks/${trunkId}`)).json();\n";
const DEVICES = "const { data: device } = await api.get(`/devices/${deviceId}`);\n";

ruleTester().run(id, rule(id), {
  valid: [
    "if (err.code === 'E1001') retry();",
    "const LABELS = { E1001: 'Invalid input' };",
    "const codes = trunk.errorCodes.filter((c) => c === 'F_TO_FQDN_DNS_FAILURE');",
    "if (trunk.errorCodes.includes('E1018')) alert();",
    "const s = 'E1001';",
    // Tied to another endpoint with an `errorCodes` field (Get Device Details): not the trunk's codes.
    DEVICES + "if (device.errorCodes.includes('E1001')) alert();",
    // An app's own error table in a file that calls the API: not the trunk field.
    "const errorCodes = { E1001: 'bad input' };\nexport const me = () => fetch('https://webexapis.com/v1/people/me');",
  ],
  invalid: [
    {
      code: GET_TRUNK + "if (trunk.errorCodes.includes('E1001')) alertDns();",
      errors: [{ messageId: 'valueRenamed', line: 2, column: 31 }],
      output: GET_TRUNK + "if (trunk.errorCodes.includes('F_TO_FQDN_DNS_FAILURE')) alertDns();",
    },
    {
      code: GET_TRUNK + 'for (const code of trunk.errorCodes) {\n  switch (code) {\n    case "E1007": return;\n  }\n}',
      errors: [{ messageId: 'valueRenamed', line: 4, column: 10 }],
      output: GET_TRUNK + 'for (const code of trunk.errorCodes) {\n  switch (code) {\n    case "E_TO_NO_RESPONSE": return;\n  }\n}',
    },
    {
      // A typed generic ties the interface and its reads.
      code: "import axios from 'axios';\nconst api = axios.create({ baseURL: 'https://webexapis.com/v1' });\ninterface Trunk { errorCodes: string[] }\nconst { data } = await api.get<Trunk>(`/telephony/config/premisePstn/trunks/${id}`);\nconst dns = data.errorCodes.includes('E1001');",
      errors: [{ messageId: 'valueRenamed', line: 5, column: 38 }],
      output: "import axios from 'axios';\nconst api = axios.create({ baseURL: 'https://webexapis.com/v1' });\ninterface Trunk { errorCodes: string[] }\nconst { data } = await api.get<Trunk>(`/telephony/config/premisePstn/trunks/${id}`);\nconst dns = data.errorCodes.includes('F_TO_FQDN_DNS_FAILURE');",
    },
    {
      // A lookup table indexed with the codes of the Get a Trunk response: tied through its uses (certain).
      code: GET_TRUNK + "const labels = { E1002: 'transport' };\nconst bad = trunk.errorCodes.map((c) => labels[c]);",
      errors: [{ messageId: 'valueRenamed', line: 2, column: 18 }],
      output: GET_TRUNK + "const labels = { F_TO_CONN_TRANSPORT_ISSUE: 'transport' };\nconst bad = trunk.errorCodes.map((c) => labels[c]);",
    },
    {
      // A lookup table in a file that reads the trunk field but is indexed with nothing tied: likely, a suggestion only.
      code: GET_TRUNK + "export const labels = { E1002: 'transport' };\nconst n = trunk.errorCodes.length;",
      errors: [
        {
          messageId: 'valueRenamed',
          line: 2,
          column: 25,
          suggestions: [{ messageId: 'suggestLikelyFix', output: GET_TRUNK + "export const labels = { F_TO_CONN_TRANSPORT_ISSUE: 'transport' };\nconst n = trunk.errorCodes.length;" }],
        },
      ],
      output: null,
    },
    {
      // A trunk read in a file about trunks that is tied to no call: likely, a suggestion only.
      code: "if (trunk.errorCodes.includes('E1001')) alertDns();",
      errors: [{ messageId: 'valueRenamed', line: 1, column: 31, suggestions: [{ messageId: 'suggestLikelyFix', output: "if (trunk.errorCodes.includes('F_TO_FQDN_DNS_FAILURE')) alertDns();" }] }],
      output: null,
    },
    {
      // Test data that mentions trunks but is sent nowhere: likely.
      code: "const mock = { name: 'trunk', errorCodes: ['E1012'] };",
      filename: 'file.js',
      errors: [{ messageId: 'valueRenamed', line: 1, column: 44, suggestions: [{ messageId: 'suggestLikelyFix', output: "const mock = { name: 'trunk', errorCodes: ['E_FROM_SERVER_ERROR_UNAVAILABLE'] };" }] }],
      output: null,
    },
  ],
});
