import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'call-history-query-window';
const url = "'https://analytics-calling.webexapis.com/v1/cdr_feed'";
const wrapper = `const HOST = 'https://analytics-calling.webexapis.com/v1';
class Cdr {
  private get(path: string, params: Record<string, string>) { return axios.get(HOST + path, { params }); }
`;
ruleTester().run(id, rule(id), {
  valid: [
    `axios.get(${url}, { params: { startTime: new Date(Date.now() - 12 * 3600000).toISOString(), endTime: new Date().toISOString() } });`,
    `axios.get('https://logs.example.com/q', { params: { startTime: new Date(Date.now() - 48 * 3600000).toISOString(), endTime: new Date().toISOString() } });`,
    // Two unknown dates: their distance is unknown.
    `const q = (a: Date, b: Date) => axios.get(${url}, { params: { startTime: new Date(a.getTime() - 3600000).toISOString(), endTime: b.toISOString() } });`,
    // A wrapper given another path.
    wrapper + `  usage(end: Date) { return this.get('/usage', { startTime: new Date(end.getTime() - 48 * 3600000).toISOString(), endTime: end.toISOString() }); }\n}`,
    // Issue 26, shapes 4 and 5: a window of `hours` with a default and every call within the limit.
    `async function history(hours = 12) {
  const end = new Date();
  const start = new Date(end.getTime() - hours * 3600000);
  return fetch(\`https://analytics-calling.webexapis.com/v1/cdr_feed?startTime=\${encodeURIComponent(start.toISOString())}&endTime=\${encodeURIComponent(end.toISOString())}\`);
}
history();
history(6);`,
  ],
  invalid: [
    {
      // Reported where the span is written.
      code: `axios.get(${url}, { params: { startTime: new Date(Date.now() - 48 * 3600000).toISOString(), endTime: new Date().toISOString() } });`,
      errors: [{ messageId: 'windowTooLong', line: 1, column: 98 }],
    },
    {
      // The end is a parameter; the start is computed from it on another line; the URL is a reassigned `let`.
      code: `async function exportWindow(end: Date) {
  const start = new Date(end.getTime() - 48 * 60 * 60 * 1000);
  let next: string | undefined = \`https://analytics-calling.webexapis.com/v1/cdr_feed?startTime=\${start.toISOString()}&endTime=\${end.toISOString()}\`;
  while (next) next = (await got(next)).headers.link;
}`,
      errors: [{ messageId: 'windowTooLong', line: 2, column: 26 }],
    },
    {
      // A request made through a same-file wrapper method.
      code: wrapper + `  lastTwoDays(end: Date) {
    return this.get('/cdr_feed', { startTime: new Date(end.getTime() - 2 * 86400000).toISOString(), endTime: end.toISOString() });
  }
}`,
      errors: [{ messageId: 'windowTooLong', line: 5, column: 56 }],
    },
    {
      // Issue 26, shapes 4 and 5: `hours = 12` by default is within the limit until a call passes 48; the values
      // reach the URL through encodeURIComponent. (test/api-within-file.test.ts checks the message names the value.)
      code: `async function history(hours = 12) {
  const end = new Date();
  const start = new Date(end.getTime() - hours * 3600000);
  return fetch(\`https://analytics-calling.webexapis.com/v1/cdr_feed?startTime=\${encodeURIComponent(start.toISOString())}&endTime=\${encodeURIComponent(end.toISOString())}\`);
}
history();
history(48);`,
      errors: [{ messageId: 'windowTooLong', line: 3, column: 26 }],
    },
    {
      // A window of `days * 24` hours whose default (`days = 1`) already breaks the 12-hour limit.
      code: `export function history(days = 1) {
  const start = new Date(Date.now() - days * 24 * 3600000);
  return fetch(\`https://analytics-calling.webexapis.com/v1/cdr_feed?startTime=\${String(start.toISOString())}&endTime=\${new Date().toISOString()}\`);
}`,
      errors: [{ messageId: 'windowTooLong', line: 2, column: 26 }],
    },
  ],
});
