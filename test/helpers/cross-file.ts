/** The cross-file cases of test/fixtures-project/cross-file/ (one tree per shape, and its look-alike tree). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CROSS_FILE_CASES = fileURLToPath(new URL('../fixtures-project/cross-file/', import.meta.url));

/** Each shape: the file analysed (relative to {@link CROSS_FILE_CASES}) and the finding it must give (notice, line, confidence, autofix). */
export const CROSS_FILE_SHAPES: Array<{ shape: string; file: string; finding: string; /** read alone, the look-alike is reported (the model removes a false positive) */ aloneFlagsLookalike?: true }> = [
  { shape: 'an imported URL constant (ES module)', file: 'token-constant/src/lib/token-utils.ts', finding: 'token-endpoint-form-body 5 certain fix' },
  { shape: 'a constant re-exported by a barrel, imported through a tsconfig `paths` alias', file: 'paths-alias/src/auth.ts', finding: 'token-endpoint-form-body 5 certain fix' },
  { shape: 'a CommonJS `module.exports` object read by a destructured `require`', file: 'commonjs/lib/token.js', finding: 'token-endpoint-form-body 5 certain fix' },
  { shape: 'an imported configured client (`axios.create({ baseURL })` in another module)', file: 'imported-client/src/token.ts', finding: 'token-endpoint-form-body 4 certain fix', aloneFlagsLookalike: true },
  { shape: 'an imported wrapper function, through `export *`', file: 'imported-wrapper/src/token.ts', finding: 'token-endpoint-form-body 6 certain fix' },
  { shape: "a base class of another module whose URL takes the subclass's `super('access_token')`", file: 'base-class/src/resources/token.js', finding: 'token-endpoint-form-body 9 certain fix' },
  { shape: "an inherited method of an ES module base class reaching its sender through another method (`this.update()` -> `this.send()`), the URL taking `super('people', token)`", file: 'resource-class-esm/src/api/caller-ids.js', finding: 'caller-id-name-fields-deprecated 9 certain' },
  { shape: "two levels of CommonJS inheritance (`module.exports = Resource`; the middle class passes its parameter on to `super`); the look-alike's subclass overrides the sender", file: 'resource-class-two-levels/lib/token.js', finding: 'token-endpoint-form-body 9 certain fix' },
  { shape: "an inherited method called on an instance of an imported subclass (`new People()` with `super('people')`, the base's field and parameter property)", file: 'resource-class-instance/src/caller-id.ts', finding: 'caller-id-name-fields-deprecated 5 certain' },
  { shape: "a component's destructured prop given by its parent's JSX from an environment variable whose value the project's `.env.example` gives (likely: a deployment may set another)", file: 'jsx-prop-env/src/SignIn.jsx', finding: 'oauth-authorize-state-missing 3 likely' },
  { shape: "`props.base` given the same authorize URL by two parents (a constant, a literal, an import renamed); the look-alike's parents disagree", file: 'jsx-prop-member/src/LoginLink.tsx', finding: 'oauth-authorize-state-missing 3 certain' },
  { shape: "a prop's default in the component's destructuring, for a parent that passes nothing (the look-alike's parent passes another provider's URL)", file: 'jsx-prop-default/src/Connect.jsx', finding: 'oauth-authorize-state-missing 2 certain' },
  { shape: 'a method of an imported class called on a parameter typed with it, sending the body the caller writes', file: 'imported-class/src/tools/caller-id.ts', finding: 'caller-id-name-fields-deprecated 4 certain' },
  { shape: 'a method of a class called on the instance another module exports (`export const api = new CallingApi(...)`)', file: 'imported-singleton/src/caller-id.ts', finding: 'caller-id-name-fields-deprecated 4 certain' },
  { shape: 'a method of an imported class called on a field typed with it (`constructor(private readonly api: CallingApi)`)', file: 'imported-field/src/caller-id.ts', finding: 'caller-id-name-fields-deprecated 7 certain' },
  { shape: "a static method of an imported class (`Request.get(this.endpoint + '/' + id + '/meetingInfo')`, the field `Rooms.name.toLowerCase()`, the query appended only when given); the look-alike's class sends to another service's host", file: 'static-request-class/src/rooms/rooms.ts', finding: 'rooms-meeting-info-deprecated 7 certain' },
  { shape: "a static method of a class a CommonJS module exports (`module.exports = class RoomsApi`), its URL under `rooms/`; the look-alike's static method reads a cache", file: 'static-request-cjs/lib/rooms.js', finding: 'rooms-meeting-info-deprecated 5 certain' },
  { shape: "an inherited `this.get(id)` three classes up whose `this.send('GET', url)` runs a middle class's override (the override's request and headers; the URL from `this.address(path)` and the constructors' `super(...)` chain); the look-alike's base constant is another service's host", file: 'class-override/src/lib/api/rooms-api.ts', finding: 'rooms-meeting-info-deprecated 13 certain' },
  { shape: "default headers with a Content-Type handed up to a base class of another module in `super({ headers })`, kept from a destructured rest parameter and sent by the base's `this.send` (a constructor parameter defaulting to fetch) through a method returning the init and a static merge helper; a subclass of a third module GETs with the inherited `read()` and POSTs with `create()`; the look-alike's subclass only POSTs", file: 'super-headers/src/platform/platform-http.ts', finding: 'get-request-content-type 9 likely' },
  { shape: "a Content-Type field of a class whose requests take method and URL from subclasses of other modules (found through two barrels, the GET made by the subclass's inherited `this.get`); the look-alike's subclass only POSTs", file: 'class-header/src/lib/http/json-client.ts', finding: 'get-request-content-type 4 certain' },
  { shape: 'a script an HTML page of the repository loads', file: 'browser-page/pages/scripts/webex.js', finding: 'cors-localhost-origins 4 certain' },
  { shape: "a module an HTML page's inline module script imports (the look-alike's page names it in a template and a comment only)", file: 'browser-inline-module/pages/lib/rooms.js', finding: 'cors-localhost-origins 2 certain' },
  { shape: 'a module imported by a file that reads browser globals', file: 'browser-importer/src/lib/rooms.ts', finding: 'cors-localhost-origins 2 certain' },
  { shape: 'the source tree of a Vite React front end (package.json and bundler config)', file: 'browser-vite/src/api/rooms.ts', finding: 'cors-localhost-origins 2 certain' },
  { shape: 'the source tree of a webpack React app with a dev server and an HTML plugin (`webpack.config.dev.js`; the look-alike builds for `target: \'node\'`)', file: 'browser-webpack/src/api/rooms.js', finding: 'cors-localhost-origins 2 certain' },
  { shape: 'the source tree of a Create React App package (`react-scripts`; the look-alike also depends on Express)', file: 'browser-cra/src/api/rooms.js', finding: 'cors-localhost-origins 2 certain' },
  { shape: "a GET through a request helper of another module whose options spread a defaults object of a third module holding the Content-Type (`{ ...JSON_DEFAULTS, signal }`; the file writes no header); the look-alike's defaults POST a body", file: 'merged-defaults/src/api/people.js', finding: 'get-request-content-type 5 certain' },
  { shape: "the `request` library's options merged with `Object.assign({}, JSON_OPTIONS, { uri, auth })`, the Content-Type in the imported defaults; the look-alike's own part writes the headers (which replace the defaults')", file: 'request-assign/lib/people.js', finding: 'get-request-content-type 5 certain' },
  { shape: "a browser module building `${BASE}/rooms` from a config module's nested origin, sent by a fetch helper of another module (no host and no HTTP call in the module); the look-alike's config names another service", file: 'browser-helper-config/src/lib/rooms.ts', finding: 'cors-localhost-origins 7 certain' },
  { shape: "a script under a `public/` folder that a page loads (the folder's name alone is not evidence: the look-alike's is imported by a node job)", file: 'web-folder/public/js/rooms.js', finding: 'cors-localhost-origins 2 certain' },
];

/** The look-alike of a case file: the same path in the `<case>-lookalike` tree. */
export const lookalikeOf = (file: string): string => file.replace(/^([^/]+)/, '$1-lookalike');

/** Every case file, positives and look-alikes, absolute. */
export const crossFileEntries = (): string[] => CROSS_FILE_SHAPES.flatMap((s) => [s.file, lookalikeOf(s.file)]).map((f) => path.join(CROSS_FILE_CASES, f));
