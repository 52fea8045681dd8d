/// The JavaScript that makes Postman's sandbox API (`pm`, the legacy names, `CryptoJS`,
/// `require`) out of one run's input, written here.
///
/// It is a function expression the engine calls once with its native bridge and its hardening
/// (JavaScriptHardening); it returns `{ begin, call, end, one }`, which only the engine holds:
/// nothing of it is left on the global object where a script could reach it.
enum ScriptPrelude {
    static let source = #"""
        (function (native, hardenNative) {
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
          // A class: a run's response makes one without making its methods again.
          class HeaderList {
            #list; #changed;
            /// `entries` ([name, value] pairs) becomes the list's own; `changed` is told of each change.
            constructor(entries, changed) { this.#list = entries; this.#changed = changed; }
            #find(name) {
              const lower = String(name).toLowerCase(); const list = this.#list;
              for (let i = 0; i < list.length; i++) if (list[i][0].toLowerCase() === lower) return i;
              return -1;
            }
            get(name) { const index = this.#find(name); return index < 0 ? undefined : this.#list[index][1]; }
            has(name, value) { const index = this.#find(name); return index >= 0 && (value === undefined || this.#list[index][1] === value); }
            toObject() { const object = {}; for (const h of this.#list) object[h[0]] = h[1]; return object; }
            all() { return this.#list.map((h) => ({ key: h[0], value: h[1] })); }
            each(fn) { this.#list.forEach((h) => fn({ key: h[0], value: h[1] })); }
            count() { return this.#list.length; }
            add(header) { this.#list.push([String(header.key), stored(header.value)]); this.#changed && this.#changed(); }
            upsert(header) {
              const index = this.#find(header.key);
              if (index < 0) this.#list.push([String(header.key), stored(header.value)]);
              else this.#list[index][1] = stored(header.value);
              this.#changed && this.#changed();
            }
            remove(name) {
              const lower = String(typeof name === 'object' ? name.key : name).toLowerCase(); const list = this.#list;
              for (let i = list.length - 1; i >= 0; i--) if (list[i][0].toLowerCase() === lower) list.splice(i, 1);
              this.#changed && this.#changed();
            }
            entries() { return this.#list.map((h) => [h[0], h[1]]); }
          }

          // MARK: Variables (made once: they read the run in progress, `run`, declared below)
          function scope(name) {
            const values = () => run.values[name];
            return {
              get(key) { const map = values(); return own(map, key) ? map[key] : undefined; },
              has(key) { return own(values(), key); },
              set(key, value) {
                key = String(key); values()[key] = value;
                run.changes.push([name, key, stored(value)]);
              },
              unset(key) { key = String(key); delete values()[key]; run.changes.push([name, key, null]); },
              clear() { for (const key of Object.keys(values())) this.unset(key); },
              toObject() { return Object.assign({}, values()); },
              replaceIn(text) { const map = values(); return replaceIn(text, (key) => own(map, key) ? map[key] : undefined); },
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
            #input; #body; #parsed; #wasParsed = false;
            constructor(input, body) {
              this.#input = input; this.#body = body;
              this.code = input.code; this.status = input.reason; this.headers = new HeaderList(input.headers, null);
              this.responseTime = input.ms; this.responseSize = input.size;
            }
            text() { return this.#body; }
            json() { if (!this.#wasParsed) { this.#parsed = JSON.parse(this.#body); this.#wasParsed = true; } return this.#parsed; }
            reason() { return this.#input.reason; }
            get to() { return chai.expect(this).to; }
            get [RESPONSE]() { return true; }
          }

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
          // binding, Chai, CryptoJS — is frozen (by `hardenNative`: JavaScriptHardening), so a
          // script cannot leave anything behind for the next (contexts are reused).
          const harden = (root) => { hardenNative(root); return root; };
          // The legacy sandbox's `String.prototype.has` (shared collections still call `responseBody.has(…)`).
          Object.defineProperty(String.prototype, 'has', {
            value: function has(part) { return String(this).indexOf(part) > -1; }, writable: true, configurable: true,
          });
          // Postman's global `_` is lodash, loaded when a script first reads it.
          Object.defineProperty(globalThis, '_', { get: () => lodash(), enumerable: false, configurable: false });
          // MARK: One run
          // The job in progress: its input, turned into values only when a script first reads
          // them (most read little of it), and what its scripts did. The API reads it.
          let run = null;
          class Run {
            constructor(input, bodyText) {
              this.input = input; this.bodyText = bodyText;
              this.tests = []; this.console = []; this.changes = []; this.pending = [];
              this.requestChanged = false; this.origin = '';
              // The legacy names' values (`tests`, `responseCode`, …), made when first read or set by a script.
              this.legacy = Object.create(null);
              this.madeValues = null; this.madeRequest = null; this.madeResponse = null; this.madeCookies = null; this.madeInfo = null;
            }
            get values() {
              if (this.madeValues === null) {
                const variables = this.input.variables;
                this.madeValues = {
                  environment: map(variables.environment), collection: map(variables.collection),
                  globals: map(variables.globals), local: map(variables.local), data: Object.create(null),
                };
              }
              return this.madeValues;
            }
            get response() {
              if (!this.input.response) return undefined;
              if (this.madeResponse === null) this.madeResponse = new Response(this.input.response, this.bodyText);
              return this.madeResponse;
            }
            get request() {
              if (this.madeRequest === null) this.madeRequest = requestValue(this.input.request, this);
              return this.madeRequest;
            }
            // The jar's cookies for the request's URL (as Postman reads them), else the response's
            // Set-Cookie headers, as Postman's `responseCookies` ({name, value}) and `pm.cookies`.
            get cookies() {
              if (this.madeCookies === null) {
                const response = this.response;
                this.madeCookies = this.input.cookies ? this.input.cookies.map((pair) => ({ name: pair[0], value: pair[1] }))
                  : response ? response.headers.all().filter((h) => h.key.toLowerCase() === 'set-cookie').map((h) => {
                    const pair = h.value.split(';')[0]; const index = pair.indexOf('=');
                    return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim() };
                  }) : [];
              }
              return this.madeCookies;
            }
            get info() {
              if (this.madeInfo === null) {
                const info = this.input.info;
                this.madeInfo = { requestName: info.requestName, requestId: info.requestID, iteration: info.iteration, eventName: this.input.stage };
              }
              return this.madeInfo;
            }
          }
          harden(Run);

          // The request a script reads and may change (`pm.request`), made when first read.
          function requestValue(sent, current) {
            const markChanged = () => { current.requestChanged = true; };
            const headers = new HeaderList(sent.headers, markChanged);
            let method = sent.method; let url = sent.url; let body = sent.body;
            const value = {
              headers,
              get method() { return method; }, set method(next) { method = String(next).toUpperCase(); markChanged(); },
              get url() {
                return {
                  toString: () => url,
                  getHost: () => { const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:]+)/i.exec(url); return match ? match[1] : ''; },
                  getPath: () => { const match = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?([^?#]*)/i.exec(url); return match[1] || '/'; },
                  getQueryString: () => { const index = url.indexOf('?'); return index < 0 ? '' : url.slice(index + 1).split('#')[0]; },
                  query: {
                    get: (key) => { const pairs = new URLSearchParams(value.url.getQueryString()); return pairs.has(key) ? pairs.get(key) : undefined; },
                    toObject: () => Object.fromEntries(new URLSearchParams(value.url.getQueryString())),
                    add: (pair) => { url += (url.includes('?') ? '&' : '?') + encodeURIComponent(pair.key) + '=' + encodeURIComponent(stored(pair.value)); markChanged(); },
                  },
                };
              },
              set url(next) { url = String(next); markChanged(); },
              get body() {
                if (body === null) return undefined;
                return { mode: 'raw', raw: body, toString: () => body, isEmpty: () => body.length === 0 };
              },
              set body(next) {
                body = next === null || next === undefined ? null : (typeof next === 'object' && 'raw' in next ? String(next.raw) : String(next));
                markChanged();
              },
            };
            return value;
          }

          // MARK: The API, made once and frozen
          const variableOrder = ['local', 'environment', 'collection', 'globals'];
          const lookup = (key) => {
            const values = run.values;
            for (const name of variableOrder) if (own(values[name], key)) return values[name][key];
            return undefined;
          };
          const variables = {
            get: lookup,
            has: (key) => lookup(key) !== undefined,
            set(key, value) { key = String(key); run.values.local[key] = value; run.changes.push(['local', key, stored(value)]); },
            unset(key) { key = String(key); delete run.values.local[key]; run.changes.push(['local', key, null]); },
            toObject() { const values = run.values; return Object.assign({}, values.globals, values.collection, values.environment, values.local); },
            replaceIn: (text) => replaceIn(text, lookup),
          };
          function sendRequest(request, callback) {
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
            const current = run;
            const outcome = answer.ok ? [null, new Response(answer.response, answer.response.body)] : [new Error(answer.message), undefined];
            current.pending.push(() => { if (typeof callback === 'function') callback(outcome[0], outcome[1]); }, current.origin);
          }
          function test(name, fn) {
            const entry = { name: String(name), passed: true, message: null, origin: run.origin };
            run.tests.push(entry);
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
          const pm = {
            environment: scope('environment'), collectionVariables: scope('collection'), globals: scope('globals'), variables,
            get request() { return run.request; },
            get response() { return run.response; },
            get info() { return run.info; },
            test, expect: chai.expect, sendRequest, iterationData: scope('data'),
            cookies: {
              get: (name) => { const found = run.cookies.find((cookie) => cookie.name === name); return found && found.value; },
              has: (name) => run.cookies.some((cookie) => cookie.name === name),
              toObject: () => Object.fromEntries(run.cookies.map((cookie) => [cookie.name, cookie.value])),
            },
          };
          const postman = {
            setEnvironmentVariable: (key, value) => pm.environment.set(key, value),
            getEnvironmentVariable: (key) => pm.environment.get(key),
            clearEnvironmentVariable: (key) => pm.environment.unset(key),
            setGlobalVariable: (key, value) => pm.globals.set(key, value),
            getGlobalVariable: (key) => pm.globals.get(key),
            clearGlobalVariable: (key) => pm.globals.unset(key),
            getResponseHeader: (name) => { const response = run.response; return response ? response.headers.get(name) : undefined; },
            getResponseCookie: (name) => run.cookies.find((cookie) => cookie.name === name),
            setNextRequest: () => { run.console.push(['warn', 'postman.setNextRequest is not supported: Lazer runs requests in collection order']); },
          };
          const log = (level) => (...parts) => { run.console.push([level, parts.map(show).join(' ')]); };
          const console = { log: log('log'), info: log('info'), warn: log('warn'), error: log('error'), debug: log('log') };
          harden(pm); harden(postman); harden(console);

          // MARK: The sandbox's global names
          // On the global object (not function parameters: a script's own `const CryptoJS =
          // require('crypto-js')` must shadow them, not clash with them), defined once: adding and
          // deleting global properties at every run would turn the global object into a dictionary
          // and throw away JIT code. The API's are values, put back after a run that assigned one.
          const constants = { pm, postman, console, require, CryptoJS, atob, btoa };
          const constantNames = Object.keys(constants);
          for (const name of constantNames) {
            delete globalThis[name];
            Object.defineProperty(globalThis, name, { value: constants[name], writable: true, enumerable: false, configurable: false });
          }
          const restoreConstants = new Function('g', 'c', constantNames.map((name) => 'if (g.' + name + ' !== c.' + name + ') g.' + name + ' = c.' + name + ';').join('\n'));
          // The legacy sandbox's values of one run, each made when a script first reads it (a script
          // may also assign one, for the rest of its run).
          const legacyValues = {
            tests: () => Object.create(null),
            responseBody: (r) => r.input.response ? r.bodyText : undefined,
            responseCode: (r) => { const response = r.response; return response ? { code: response.code, name: response.status, detail: response.status } : undefined; },
            responseHeaders: (r) => { const response = r.response; return response ? response.headers.toObject() : undefined; },
            responseTime: (r) => r.input.response ? r.input.response.ms : undefined,
            responseCookies: (r) => r.cookies,
            environment: (r) => r.values.environment,
            globals: (r) => r.values.globals,
            iteration: (r) => r.input.info.iteration,
            request: (r) => {
              const sent = r.input.request; const headers = {};
              for (const h of sent.headers) headers[h[0]] = h[1];
              return { url: sent.url, method: sent.method, headers, data: sent.body, name: r.input.info.requestName };
            },
            data: () => ({}),
          };
          for (const name of Object.keys(legacyValues)) {
            const make = legacyValues[name];
            delete globalThis[name];
            Object.defineProperty(globalThis, name, {
              get() {
                if (run === null) return undefined;
                const legacy = run.legacy;
                if (!(name in legacy)) legacy[name] = make(run);
                return legacy[name];
              },
              set(value) { if (run !== null) run.legacy[name] = value; },
              enumerable: false, configurable: false,
            });
          }
          const globalNames = Object.getOwnPropertyNames(globalThis);
          for (const name of globalNames) {
            if (own(constants, name) || own(legacyValues, name)) continue;
            const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
            if ('value' in descriptor && descriptor.value !== globalThis) harden(descriptor.value);
            if (descriptor.configurable) Object.defineProperty(globalThis, name, { writable: false, configurable: false });
          }
          const baseline = new Set(globalNames);
          harden(Response); harden(HeaderList); harden(chai); harden(CryptoJS); harden(libraries); harden(require); harden(atob); harden(btoa); harden(uuid);

          function begin(inputText, bodyText) {
            run = new Run(JSON.parse(inputText), bodyText);
            return 0;
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

          // Runs one script of the job: null, or where and why it threw (`[message, line, column]`).
          function attempt(fn, origin) {
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
              return failure(error, origin);
            }
          }

          function call(fn, origin) {
            const thrown = attempt(fn, origin);
            return thrown === null ? null : JSON.stringify(thrown);
          }

          // Legacy `tests["name"] = passed` entries become tests of the script that set them.
          function harvest(origin) {
            const legacy = run.legacy.tests;
            if (legacy === null || typeof legacy !== 'object') return;
            for (const name of Object.keys(legacy)) {
              run.tests.push({ name, passed: Boolean(legacy[name]), message: legacy[name] ? null : 'tests["' + name + '"] was false', origin });
              delete legacy[name];
            }
          }

          // What the job's scripts did, and the run's traces gone from the global object.
          function finish() {
            const current = run;
            const outcome = { tests: current.tests, console: current.console, changes: current.changes };
            if (current.requestChanged) {
              const request = current.madeRequest;
              outcome.request = { method: request.method, url: request.url.toString(), headers: request.headers.entries(), body: request.body === undefined ? null : request.body.raw };
            }
            run = null;
            restoreConstants(globalThis, constants);
            // Globals a script made (`jsonData = …` without `var`) go with the run.
            const names = Object.getOwnPropertyNames(globalThis);
            if (names.length !== baseline.size) for (const name of names) if (!baseline.has(name)) delete globalThis[name];
            return outcome;
          }

          function end() { return JSON.stringify(finish()); }

          // A job of one script (most are) in one call: its outcome, after the script's failure and
          // a line break when it threw (JSON text holds no raw line break).
          function one(inputText, bodyText, fn, origin) {
            begin(inputText, bodyText);
            const thrown = attempt(fn, origin);
            const outcome = JSON.stringify(finish());
            return thrown === null ? outcome : JSON.stringify(thrown) + '\n' + outcome;
          }

          return { begin, call, end, one };
        })
        """#
}
