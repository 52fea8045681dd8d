/// The JavaScript that makes Postman's sandbox API (`pm`, the legacy names, `CryptoJS`,
/// `require`) out of one run's input, written here.
///
/// It is a function expression the engine calls once with its native bridge and Chai; it returns
/// `{ begin, call, end }`, which only the engine holds: nothing of it is left on the global object
/// where a script could reach it.
enum ScriptPrelude {
    static let source = #"""
        (function (native) {
          'use strict';
          // A library from the machine's packaged copy (`native` reads it), as a CommonJS module
          // (`self` for the browser builds inside Chai that look for it).
          const load = (name) => {
            const module = { exports: {} };
            (new Function('module', 'exports', 'self', native('library', name)))(module, module.exports, globalThis);
            return module.exports;
          };
          const chai = load('chai');
          // Chai's guard against a misspelt property (`.to.be.ture` throws "Invalid Chai property:
          // ture. Did you mean "true"?"), without Chai's Proxy around every assertion (which cost a
          // typical test script half its time): one Proxy at the end of the assertions' prototype
          // chain, which only lookups nothing else answers reach.
          chai.config.useProxy = false;
          (() => {
            const base = Object.getPrototypeOf(chai.Assertion.prototype);
            const unguarded = chai.config.proxyExcludedKeys.concat(['__flags', '__methods', '_obj', 'assert']);
            const known = () => {
              const names = new Set();
              for (let object = chai.Assertion.prototype; object !== guard && object !== null; object = Object.getPrototypeOf(object)) {
                for (const name of Object.getOwnPropertyNames(object)) names.add(name);
              }
              return names;
            };
            // Levenshtein distance, capped at `cap` (Chai suggests names closer than 4).
            const distance = (a, b, cap) => {
              if (Math.abs(a.length - b.length) >= cap) return cap;
              let row = Array.from({ length: b.length + 1 }, (_, j) => j);
              for (let i = 1; i <= a.length; i++) {
                const next = [i];
                for (let j = 1; j <= b.length; j++) {
                  next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
                }
                row = next;
              }
              return Math.min(row[b.length], cap);
            };
            const guard = new Proxy(base, {
              get(target, property, receiver) {
                if (typeof property === 'string' && !unguarded.includes(property) && !(property in target)) {
                  let suggestion = null; let closest = 4;
                  for (const name of known()) {
                    const far = distance(property, name, closest);
                    if (far < closest) { closest = far; suggestion = name; }
                  }
                  throw Error('Invalid Chai property: ' + property + (suggestion === null ? '' : '. Did you mean "' + suggestion + '"?'));
                }
                return Reflect.get(target, property, receiver);
              },
            });
            Object.setPrototypeOf(chai.Assertion.prototype, guard);
          })();
          let lodashValue = null;
          let lodashLoading = false;
          // (Re-entered while loading: lodash reads the global `_` it may replace, for `noConflict`.)
          const lodash = () => {
            if (lodashValue !== null || lodashLoading) return lodashValue === null ? undefined : lodashValue;
            lodashLoading = true;
            try { lodashValue = harden(load('lodash')); } finally { lodashLoading = false; }
            return lodashValue;
          };
          const RESPONSE = Symbol('response');
          const show = (value) => {
            if (typeof value === 'string') return value;
            if (value instanceof Error) return String(value);
            try { const text = JSON.stringify(value); return text === undefined ? String(value) : text; }
            catch (error) { return String(value); }
          };
          const stored = (value) => (value === undefined || value === null) ? '' : (typeof value === 'string' ? value : show(value));
          const own = (map, key) => Object.prototype.hasOwnProperty.call(map, key);

          // MARK: Headers (Postman's HeaderList: get, has, toObject, each, all, add, upsert, remove)
          function headerList(entries, changed) {
            const list = entries.map((header) => ({ key: header[0], value: header[1] }));
            const find = (name) => { const lower = String(name).toLowerCase(); return list.findIndex((h) => h.key.toLowerCase() === lower); };
            return {
              get(name) { const index = find(name); return index < 0 ? undefined : list[index].value; },
              has(name, value) { const index = find(name); return index >= 0 && (value === undefined || list[index].value === value); },
              toObject() { const object = {}; for (const h of list) object[h.key] = h.value; return object; },
              all() { return list.map((h) => ({ key: h.key, value: h.value })); },
              each(fn) { list.forEach((h) => fn({ key: h.key, value: h.value })); },
              count() { return list.length; },
              add(header) { list.push({ key: String(header.key), value: stored(header.value) }); changed && changed(); },
              upsert(header) {
                const index = find(header.key);
                if (index < 0) list.push({ key: String(header.key), value: stored(header.value) });
                else list[index].value = stored(header.value);
                changed && changed();
              },
              remove(name) {
                const lower = String(typeof name === 'object' ? name.key : name).toLowerCase();
                for (let i = list.length - 1; i >= 0; i--) if (list[i].key.toLowerCase() === lower) list.splice(i, 1);
                changed && changed();
              },
              entries() { return list.map((h) => [h.key, h.value]); },
            };
          }

          // MARK: Variables
          function scope(name, values, run) {
            return {
              get(key) { return own(values, key) ? values[key] : undefined; },
              has(key) { return own(values, key); },
              set(key, value) {
                key = String(key); values[key] = value;
                run.changes.push([name, key, stored(value)]);
              },
              unset(key) { key = String(key); delete values[key]; run.changes.push([name, key, null]); },
              clear() { for (const key of Object.keys(values)) this.unset(key); },
              toObject() { return Object.assign({}, values); },
              replaceIn(text) { return replaceIn(text, (key) => own(values, key) ? values[key] : undefined); },
            };
          }
          function replaceIn(text, lookup) {
            return String(text).replace(/\{\{([^{}]+)\}\}/g, (whole, key) => {
              const value = lookup(key.trim());
              return value === undefined ? whole : stored(value);
            });
          }
          const map = (object) => Object.assign(Object.create(null), object);

          // MARK: Responses
          // A response as Postman's is, an object of a class (hardened below: a script cannot
          // change it for the runs after): a run makes one without defining properties one by one.
          class Response {
            #input; #parsed; #wasParsed = false;
            constructor(input) {
              this.#input = input;
              this.code = input.code; this.status = input.reason; this.headers = headerList(input.headers);
              this.responseTime = input.ms; this.responseSize = input.size;
            }
            text() { return this.#input.body; }
            json() { if (!this.#wasParsed) { this.#parsed = JSON.parse(this.#input.body); this.#wasParsed = true; } return this.#parsed; }
            reason() { return this.#input.reason; }
            get to() { return chai.expect(this).to; }
            get [RESPONSE]() { return true; }
          }
          const response = (input) => new Response(input);

          // Postman's response assertions (chai-postman's names) on top of Chai's own.
          chai.use(function (chai, utils) {
            const Assertion = chai.Assertion;
            const isResponse = (object) => object !== null && typeof object === 'object' && object[RESPONSE] === true;
            Assertion.addMethod('status', function (expected) {
              const subject = this._obj;
              if (typeof expected === 'number') {
                this.assert(subject.code === expected, 'expected response to have status code #{exp} but got #{act}',
                  'expected response to not have status code #{act}', expected, subject.code);
              } else {
                this.assert(subject.status === expected, 'expected response to have status reason #{exp} but got #{act}',
                  'expected response to not have status reason #{act}', expected, subject.status);
              }
            });
            Assertion.addMethod('header', function (name, value) {
              const headers = this._obj.headers;
              const actual = headers.get(name);
              if (value === undefined) {
                this.assert(actual !== undefined, 'expected response to have header ' + name,
                  'expected response to not have header ' + name);
              } else {
                this.assert(actual === value, 'expected response to have header ' + name + ' with value #{exp} but got #{act}',
                  'expected response to not have header ' + name + ' with value #{exp}', value, actual);
              }
            });
            Assertion.addMethod('body', function (expected) {
              const text = this._obj.text();
              if (expected === undefined) {
                this.assert(text.length > 0, 'expected response to have a body', 'expected response to have no body');
              } else if (expected instanceof RegExp) {
                this.assert(expected.test(text), 'expected response body to match #{exp}', 'expected response body to not match #{exp}', expected);
              } else {
                this.assert(text === expected, 'expected response body to equal #{exp} but got #{act}',
                  'expected response body to not equal #{exp}', expected, text);
              }
            });
            Assertion.addMethod('jsonBody', function (path, expected) {
              let body; try { body = this._obj.json(); } catch (error) { body = undefined; }
              if (path === undefined) {
                this.assert(body !== undefined, 'expected response body to be JSON', 'expected response body to not be JSON');
                return;
              }
              const found = lodash().get(body, path);
              if (arguments.length < 2) {
                this.assert(lodash().has(body, path), 'expected response JSON to have ' + path, 'expected response JSON to not have ' + path);
              } else {
                this.assert(lodash().isEqual(found, expected), 'expected response JSON ' + path + ' to equal #{exp} but got #{act}',
                  'expected response JSON ' + path + ' to not equal #{exp}', expected, found);
              }
            });
            const classes = {
              info: [100, 199], success: [200, 299], redirection: [300, 399], clientError: [400, 499],
              serverError: [500, 599], error: [400, 599], accepted: [202, 202], badRequest: [400, 400],
              unauthorized: [401, 401], unauthorised: [401, 401], forbidden: [403, 403], notFound: [404, 404],
              rateLimited: [429, 429],
            };
            for (const name of Object.keys(classes)) {
              const range = classes[name];
              Assertion.addProperty(name, function () {
                const code = this._obj.code;
                this.assert(code >= range[0] && code <= range[1], 'expected response to be ' + name + ' but its status code is #{act}',
                  'expected response to not be ' + name + ' but its status code is #{act}', range[0], code);
              });
            }
            Assertion.overwriteProperty('ok', function (base) {
              return function () {
                if (!isResponse(this._obj)) return base.call(this);
                const code = this._obj.code;
                this.assert(code === 200, 'expected response to be ok (200) but its status code is #{act}',
                  'expected response to not be ok (200)', 200, code);
              };
            });
            Assertion.overwriteProperty('json', function (base) {
              return function () {
                if (!isResponse(this._obj)) return base ? base.call(this) : undefined;
                const type = this._obj.headers.get('Content-Type') || '';
                let parses = true; try { this._obj.json(); } catch (error) { parses = false; }
                this.assert(/json/i.test(type) && parses, 'expected response to be JSON (Content-Type #{act})',
                  'expected response to not be JSON', 'json', type);
              };
            });
            Assertion.addProperty('withBody', function () {
              this.assert(this._obj.text().length > 0, 'expected response to have a body', 'expected response to have no body');
            });
          });

          // MARK: CryptoJS (a subset over Lazer's own digests: hashes, HMACs, encodings)
          function words(hex) {
            return {
              hex, sigBytes: hex.length / 2,
              toString(encoder) { return (encoder || CryptoJS.enc.Hex).stringify(this); },
              concat(other) { return words(this.hex + other.hex); },
            };
          }
          const utf8Hex = (text) => {
            const binary = unescape(encodeURIComponent(String(text)));
            let hex = '';
            for (let i = 0; i < binary.length; i++) hex += (binary.charCodeAt(i) | 256).toString(16).slice(1);
            return hex;
          };
          const bytesOf = (value) => (value !== null && typeof value === 'object' && typeof value.hex === 'string') ? value.hex : utf8Hex(value);
          const digest = (algorithm) => (message) => words(native('digest', JSON.stringify({ algorithm, data: bytesOf(message) })));
          const hmac = (algorithm) => (message, key) => words(native('digest', JSON.stringify({ algorithm, data: bytesOf(message), key: bytesOf(key) })));
          const CryptoJS = {
            MD5: digest('MD5'), SHA1: digest('SHA1'), SHA256: digest('SHA256'), SHA384: digest('SHA384'), SHA512: digest('SHA512'),
            HmacMD5: hmac('MD5'), HmacSHA1: hmac('SHA1'), HmacSHA256: hmac('SHA256'), HmacSHA384: hmac('SHA384'), HmacSHA512: hmac('SHA512'),
            enc: {
              Hex: { stringify: (w) => w.hex, parse: (text) => words(String(text).toLowerCase()) },
              Utf8: {
                stringify: (w) => decodeURIComponent(escape(w.hex.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16))))),
                parse: (text) => words(utf8Hex(text)),
              },
              Latin1: {
                stringify: (w) => w.hex.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16))),
                parse: (text) => { let hex = ''; for (let i = 0; i < text.length; i++) hex += ((text.charCodeAt(i) & 255) | 256).toString(16).slice(1); return words(hex); },
              },
              Base64: {
                stringify: (w) => native('base64', w.hex),
                parse: (text) => words(native('unbase64', String(text))),
              },
            },
            lib: { WordArray: { create: (bytes) => words(Array.from(bytes || [], (b) => ((b & 255) | 256).toString(16).slice(1)).join('')) } },
          };
          CryptoJS.enc.Utf16 = CryptoJS.enc.Utf8;

          const btoa = (text) => native('base64', CryptoJS.enc.Latin1.parse(String(text)).hex);
          const atob = (text) => CryptoJS.enc.Latin1.stringify(words(native('unbase64', String(text))));
          const uuid = () => native('uuid', '');

          const libraries = {
            chai: () => chai, lodash: lodash, 'crypto-js': () => CryptoJS, uuid: () => ({ v4: uuid }),
            atob: () => atob, btoa: () => btoa,
          };
          function require(name) {
            if (!own(libraries, name)) {
              throw new Error("require('" + name + "'): not a library Lazer's scripts may load (" + Object.keys(libraries).join(', ') + ')');
            }
            return libraries[name]();
          }

          // MARK: The sandbox's shared objects, frozen
          // What one run could change and the next would see — a built-in's prototype, a global's
          // binding, Chai, CryptoJS — is frozen, so a script cannot leave anything behind for the
          // next (contexts are reused). Assigning a frozen property on an object inheriting it
          // fails too (the "override mistake": `error.message = …` in Chai), so the properties code
          // commonly assigns on instances become accessors that define the instance's own.
          const assignedOnInstances = ['constructor', 'toString', 'valueOf', 'toLocaleString', 'toJSON', 'message', 'name', 'then'];
          const frozen = new WeakSet();
          function harden(root) {
            const queue = [root];
            while (queue.length > 0) {
              const object = queue.pop();
              if (object === null || (typeof object !== 'object' && typeof object !== 'function') || frozen.has(object)) continue;
              frozen.add(object);
              for (const key of assignedOnInstances) {
                const descriptor = Object.getOwnPropertyDescriptor(object, key);
                if (!descriptor || !('value' in descriptor) || !descriptor.writable || !descriptor.configurable) continue;
                const value = descriptor.value;
                Object.defineProperty(object, key, {
                  get() { return value; },
                  set(next) {
                    if (this === object) throw new TypeError('Cannot assign to ' + String(key) + ': Lazer\'s script sandbox keeps it as it is');
                    Object.defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
                  },
                  enumerable: descriptor.enumerable, configurable: false,
                });
              }
              Object.freeze(object);
              queue.push(Object.getPrototypeOf(object));
              for (const key of Reflect.ownKeys(object)) {
                const descriptor = Object.getOwnPropertyDescriptor(object, key);
                if ('value' in descriptor) queue.push(descriptor.value);
                else { queue.push(descriptor.get); queue.push(descriptor.set); }
              }
            }
            return root;
          }
          // The legacy sandbox's `String.prototype.has` (shared collections still call `responseBody.has(…)`).
          Object.defineProperty(String.prototype, 'has', {
            value: function has(part) { return String(this).indexOf(part) > -1; }, writable: true, configurable: true,
          });
          // Postman's global `_` is lodash, loaded when a script first reads it.
          Object.defineProperty(globalThis, '_', { get: () => lodash(), enumerable: false, configurable: false });
          // The names each run sets on the global object (not function parameters: a script's own
          // `const CryptoJS = require('crypto-js')` must shadow them, not clash with them).
          const sandboxNames = ['pm', 'postman', 'tests', 'responseBody', 'responseCode', 'responseHeaders', 'responseTime',
            'environment', 'globals', 'iteration', 'request', 'data', 'console', 'require', 'CryptoJS', 'atob', 'btoa',
            'responseCookies'];
          // Defined once, their values replaced by each run: adding and deleting global properties
          // at every run would turn the global object into a dictionary and throw away JIT code.
          for (const name of sandboxNames) {
            delete globalThis[name];
            Object.defineProperty(globalThis, name, { value: undefined, writable: true, enumerable: false, configurable: false });
          }
          // One assignment per name, each written out (a loop over the names is a lookup by a
          // computed key per name and run: a fifth of `begin`).
          const setSandboxNames = new Function('g', 'a', sandboxNames.map((name, i) => 'g.' + name + ' = a[' + i + '];').join('\n'));
          const globalNames = Object.getOwnPropertyNames(globalThis);
          for (const name of globalNames) {
            if (sandboxNames.includes(name)) continue;
            const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
            if ('value' in descriptor && descriptor.value !== globalThis) harden(descriptor.value);
            if (descriptor.configurable) Object.defineProperty(globalThis, name, { writable: false, configurable: false });
          }
          const baseline = new Set(globalNames);
          harden(Response); harden(chai); harden(CryptoJS); harden(libraries); harden(require); harden(atob); harden(btoa); harden(uuid);

          // MARK: One run
          let run = null;
          let args = null;

          function begin(inputText, bodyText) {
            const input = JSON.parse(inputText);
            run = { tests: [], console: [], changes: [], pending: [], requestChanged: false, origin: '' };
            const current = run;
            const values = {
              environment: map(input.variables.environment), collection: map(input.variables.collection),
              globals: map(input.variables.globals), local: map(input.variables.local),
            };
            const environment = scope('environment', values.environment, current);
            const collectionVariables = scope('collection', values.collection, current);
            const globals = scope('globals', values.globals, current);
            const lookup = (key) => {
              for (const name of ['local', 'environment', 'collection', 'globals']) if (own(values[name], key)) return values[name][key];
              return undefined;
            };
            const variables = {
              get: lookup,
              has: (key) => lookup(key) !== undefined,
              set(key, value) { key = String(key); values.local[key] = value; current.changes.push(['local', key, stored(value)]); },
              unset(key) { key = String(key); delete values.local[key]; current.changes.push(['local', key, null]); },
              toObject() { return Object.assign({}, values.globals, values.collection, values.environment, values.local); },
              replaceIn: (text) => replaceIn(text, lookup),
            };
            const markChanged = () => { current.requestChanged = true; };
            const sent = input.request;
            const headers = headerList(sent.headers, markChanged);
            let method = sent.method; let url = sent.url; let body = sent.body;
            const requestValue = {
              headers,
              get method() { return method; }, set method(value) { method = String(value).toUpperCase(); markChanged(); },
              get url() {
                return {
                  toString: () => url,
                  getHost: () => { const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:]+)/i.exec(url); return match ? match[1] : ''; },
                  getPath: () => { const match = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?([^?#]*)/i.exec(url); return match[1] || '/'; },
                  getQueryString: () => { const index = url.indexOf('?'); return index < 0 ? '' : url.slice(index + 1).split('#')[0]; },
                  query: {
                    get: (key) => { const pairs = new URLSearchParams(requestValue.url.getQueryString()); return pairs.has(key) ? pairs.get(key) : undefined; },
                    toObject: () => Object.fromEntries(new URLSearchParams(requestValue.url.getQueryString())),
                    add: (pair) => { url += (url.includes('?') ? '&' : '?') + encodeURIComponent(pair.key) + '=' + encodeURIComponent(stored(pair.value)); markChanged(); },
                  },
                };
              },
              set url(value) { url = String(value); markChanged(); },
              get body() {
                if (body === null) return undefined;
                return { mode: 'raw', raw: body, toString: () => body, isEmpty: () => body.length === 0 };
              },
              set body(value) {
                body = value === null || value === undefined ? null : (typeof value === 'object' && 'raw' in value ? String(value.raw) : String(value));
                markChanged();
              },
            };
            const responseValue = input.response ? response(Object.assign({ body: bodyText }, input.response)) : undefined;
            function send(request, callback) {
              const options = typeof request === 'string' ? { url: request } : (request || {});
              let headerPairs = [];
              const header = options.header || options.headers;
              if (Array.isArray(header)) headerPairs = header.map((h) => [String(h.key), stored(h.value)]);
              else if (header && typeof header === 'object') headerPairs = Object.keys(header).map((key) => [key, stored(header[key])]);
              let payload = null;
              const bodyOption = options.body;
              if (typeof bodyOption === 'string') payload = bodyOption;
              else if (bodyOption && bodyOption.mode === 'raw') payload = stored(bodyOption.raw);
              else if (bodyOption && bodyOption.mode === 'urlencoded') {
                payload = (bodyOption.urlencoded || []).map((p) => encodeURIComponent(p.key) + '=' + encodeURIComponent(stored(p.value))).join('&');
                if (!headerPairs.some((h) => h[0].toLowerCase() === 'content-type')) headerPairs.push(['Content-Type', 'application/x-www-form-urlencoded']);
              }
              const answer = JSON.parse(native('send', JSON.stringify({
                method: String(options.method || 'GET').toUpperCase(), url: String(options.url), headers: headerPairs, body: payload,
              })));
              const origin = current.origin;
              const outcome = answer.ok ? [null, response(answer.response)] : [new Error(answer.message), undefined];
              current.pending.push(() => { if (typeof callback === 'function') callback(outcome[0], outcome[1]); }, origin);
            }
            function test(name, fn) {
              const entry = { name: String(name), passed: true, message: null, origin: current.origin };
              current.tests.push(entry);
              if (typeof fn !== 'function') return;
              try {
                if (fn.length > 0) fn((error) => { if (error) { entry.passed = false; entry.message = String(error); } });
                else fn();
              } catch (error) {
                entry.passed = false;
                entry.message = error && error.message !== undefined ? String(error.message) : String(error);
              }
            }
            test.skip = (name) => {};
            const log = (level) => (...parts) => { current.console.push([level, parts.map(show).join(' ')]); };
            const pm = {
              environment, collectionVariables, globals, variables,
              request: requestValue, response: responseValue,
              info: { requestName: input.info.requestName, requestId: input.info.requestID, iteration: input.info.iteration, eventName: input.stage },
              test, expect: chai.expect, sendRequest: send, iterationData: scope('data', map({}), current),
              cookies: {
                get: (name) => { const found = cookies.find((cookie) => cookie.name === name); return found && found.value; },
                has: (name) => cookies.some((cookie) => cookie.name === name),
                toObject: () => Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie.value])),
              },
            };
            // The jar's cookies for the request's URL (as Postman reads them), else the response's
            // Set-Cookie headers, as Postman's `responseCookies` ({name, value}) and `pm.cookies`.
            const cookies = input.cookies ? input.cookies.map((pair) => ({ name: pair[0], value: pair[1] })) : responseValue ? responseValue.headers.all().filter((h) => h.key.toLowerCase() === 'set-cookie').map((h) => {
              const pair = h.value.split(';')[0]; const index = pair.indexOf('=');
              return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim() };
            }) : [];
            const legacyTests = Object.create(null);
            current.legacyTests = legacyTests;
            const postman = {
              setEnvironmentVariable: (key, value) => environment.set(key, value),
              getEnvironmentVariable: (key) => environment.get(key),
              clearEnvironmentVariable: (key) => environment.unset(key),
              setGlobalVariable: (key, value) => globals.set(key, value),
              getGlobalVariable: (key) => globals.get(key),
              clearGlobalVariable: (key) => globals.unset(key),
              getResponseHeader: (name) => responseValue ? responseValue.headers.get(name) : undefined,
              getResponseCookie: (name) => cookies.find((cookie) => cookie.name === name),
              setNextRequest: () => { current.console.push(['warn', 'postman.setNextRequest is not supported: Lazer runs requests in collection order']); },
            };
            const console = { log: log('log'), info: log('info'), warn: log('warn'), error: log('error'), debug: log('log') };
            args = [
              pm, postman, legacyTests,
              responseValue ? bodyText : undefined,
              responseValue ? { code: responseValue.code, name: responseValue.status, detail: responseValue.status } : undefined,
              responseValue ? responseValue.headers.toObject() : undefined,
              responseValue ? responseValue.responseTime : undefined,
              values.environment, values.globals, input.info.iteration,
              { url: sent.url, method: sent.method, headers: headers.toObject(), data: sent.body, name: input.info.requestName },
              {}, console, require, CryptoJS, atob, btoa, cookies,
            ];
            setSandboxNames(globalThis, args);
            return args.length;
          }

          // An exception's message and its place in the script (`origin` is the script's source
          // URL): the frame of the script, not of Chai or lodash it was thrown from.
          function failure(error, origin) {
            if (error === null || typeof error !== 'object') return [String(error), null, null];
            const message = (error.name && error.name !== 'Error' ? error.name + ': ' : '') + error.message;
            for (const frame of String(error.stack || '').split('\n')) {
              const place = frame.slice(frame.indexOf('@') + 1);
              if (!place.startsWith(origin + ':')) continue;
              const numbers = place.slice(origin.length + 1).split(':').map(Number);
              if (numbers.length === 2 && numbers.every(Number.isFinite)) return [message, numbers[0], numbers[1]];
            }
            return [message, typeof error.line === 'number' ? error.line : null, typeof error.column === 'number' ? error.column : null];
          }

          function call(fn, origin) {
            run.origin = origin;
            try {
              fn();
              harvest(origin);
              // pm.sendRequest callbacks run after the script's body, as Postman's do.
              while (run.pending.length > 0) {
                const next = run.pending.shift(); run.origin = run.pending.shift();
                next();
              }
              return null;
            } catch (error) {
              run.pending = [];
              harvest(origin);
              return JSON.stringify(failure(error, origin));
            }
          }

          // Legacy `tests["name"] = passed` entries become tests of the script that set them.
          function harvest(origin) {
            const legacy = run.legacyTests;
            for (const name of Object.keys(legacy)) {
              run.tests.push({ name, passed: Boolean(legacy[name]), message: legacy[name] ? null : 'tests["' + name + '"] was false', origin });
              delete legacy[name];
            }
          }

          function end() {
            const current = run;
            const outcome = { tests: current.tests, console: current.console, changes: current.changes };
            if (current.requestChanged) {
              const request = args[0].request;
              outcome.request = { method: request.method, url: request.url.toString(), headers: request.headers.entries(), body: request.body === undefined ? null : request.body.raw };
            }
            run = null; args = null;
            // Globals a script made (`jsonData = …` without `var`) go with the run.
            const names = Object.getOwnPropertyNames(globalThis);
            if (names.length !== baseline.size) for (const name of names) if (!baseline.has(name)) delete globalThis[name];
            return JSON.stringify(outcome);
          }

          return { begin, call, end };
        })
        """#
}
