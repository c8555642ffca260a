/**
 * A user catalog (`--notices`) cannot make a fix write code that means something else: names a fix writes
 * as identifiers are identifiers, values are escaped for the file they go into, and configuration files
 * keep their keys.
 */
import { describe, expect, it } from 'vitest';
import { parseExtraCatalog } from '../engine/catalog/catalog.js';
import { checkSyntax } from '../engine/fix/edits.js';
import { configValueText } from '../engine/detectors/value-map.js';
import { refusal } from './helpers/catalog.js';

const notice = (detection: Record<string, unknown>, fix = 'autofix') => ({
  notices: [{ id: 'my-notice', title: 't', summary: 's', area: 'x', status: 'contract', breaking: false, source: { section: '9' }, instead: 'i', fix, detections: [detection] }],
});

describe('names a fix writes as code', () => {
  it('refuses a renameTo that is not an identifier (it would turn a member access into a subtraction)', () => {
    const e = refusal(notice({ kind: 'property', names: ['answerConfirmationEnabled'], renameTo: 'confirm-required' }));
    expect(e.pointer).toBe('/notices/0/detections/0/renameTo');
    expect(e.noticeId).toBe('my-notice');
    expect(() => parseExtraCatalog(notice({ kind: 'property', names: ['a'], renameTo: 'confirmRequired' }), 'extra.json')).not.toThrow();
  });

  it('refuses suggested names, rewritten query parameters and header names that are not plain names', () => {
    expect(refusal(notice({ kind: 'property', names: ['a'], suggest: ['ok', 'x; evil()'] }, 'suggestion')).pointer).toBe('/notices/0/detections/0/suggest/1');
    expect(refusal(notice({ kind: 'object-shape', when: { resource: 'x' }, rewrite: { key: 'filter', from: 'address=', to: "x' + evil() + '" } })).pointer).toBe('/notices/0/detections/0/rewrite/to');
    expect(refusal(notice({ kind: 'header-lookup', headers: ["X-Sig'] + evil() + ['"] })).pointer).toBe('/notices/0/detections/0/headers/0');
  });
});

describe('values written into configuration files', () => {
  it('are escaped for double quotes, kept out of single quotes that cannot hold them, and plain only when plain', () => {
    expect(configValueText('Calling "Standard"\\n', '"')).toBe('Calling \\"Standard\\"\\\\n');
    expect(configValueText('Webex Calling', "'")).toBe('Webex Calling');
    expect(configValueText("it's", "'")).toBeUndefined();
    expect(configValueText('Webex Calling', undefined)).toBe('Webex Calling');
    expect(configValueText('x\ninjected: 1', undefined)).toBeUndefined();
    expect(configValueText('a # comment', undefined)).toBeUndefined();
    expect(configValueText('key: value', undefined)).toBeUndefined();
  });

  it('an edit that adds or drops a key is refused (JSON, YAML, .env), one that changes a value is not', () => {
    expect(checkSyntax('a.json', '{ "license": "Webex Calling" }', '{ "license": "Single License - Webex Calling" }')).toBeUndefined();
    expect(checkSyntax('a.json', '{ "license": "x", "admin": true }', '{ "license": "y" }')).toBe('the edit changes the keys of the file');
    // A renamed key (the notices' key renames in configuration files) keeps the shape.
    expect(checkSyntax('a.json', '{ "a": { "answerConfirmationRequiredEnabled": true } }', '{ "a": { "answerConfirmationEnabled": true } }')).toBeUndefined();
    expect(checkSyntax('a.yaml', 'license: Webex Calling\n', 'license: Single License - Webex Calling\n')).toBeUndefined();
    expect(checkSyntax('a.yaml', 'license: x\ninjected: 1\n', 'license: y\n')).toBe('the edit changes the keys of the file');
    expect(checkSyntax('a.yaml', 'license: [x\n', 'license: y\n')).toMatch(/./);
    expect(checkSyntax('.env', 'LICENSE=Webex Calling\n', 'LICENSE=Single License - Webex Calling\n')).toBeUndefined();
    expect(checkSyntax('.env', 'LICENSE=x\nADMIN=1\n', 'LICENSE=y\n')).toBe('the edit changes the keys of the file');
  });
});
