import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'test-call-routing-fields-removed';
const call = "const res = await post(`/telephony/config/actions/testCallRouting/invoke`, body);\n";

ruleTester().run(id, rule(id), {
  valid: [
    'const id = log.callingLineId;',
    call + "const summary = { callingLineId: 'n/a' };",
    call + 'const t = res.destinationType;',
  ],
  invalid: [
    {
      code: call + 'const lineId = res.callingLineId;',
      errors: [{ messageId: 'removed', line: 2, column: 20 }],
      output: null,
    },
    {
      code: call + 'const { routingProfile } = res;',
      errors: [{ messageId: 'removed', line: 2, column: 9 }],
      output: null,
    },
  ],
});
