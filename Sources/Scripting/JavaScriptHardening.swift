import CJavaScriptCore

/// Freezes what one run could change and the next would see (the sandbox's shared objects: the
/// built-ins, Chai, CryptoJS, the API), walking every object reachable from a root through its
/// properties, accessors and prototype.
///
/// The walk is here, in Swift, calling the engine's own built-ins (`Object.freeze`, …) through the
/// C API: written in JavaScript it was the sandbox's hottest code for one pass at start, so the
/// engine compiled it twice in its optimising tier (about 11 ms of CPU of every run with scripts).
/// Assigning a frozen property on an object inheriting it fails too (the "override mistake":
/// `error.message = …` in Chai), so the properties code commonly assigns on instances become
/// accessors that define the instance's own (`keep`, in JavaScript: it runs for a few hundred).
final class JavaScriptHardening {
    private let context: JSGlobalContextRef
    /// `Object.getOwnPropertyDescriptors`, `Object.freeze`, `Object.getPrototypeOf`,
    /// `Reflect.ownKeys`, a `WeakSet` of what is frozen and its `has`/`add`, and `keep`.
    private let descriptorsOf, freeze, prototypeOf, ownKeys, frozen, isFrozen, addFrozen, keep: JSObjectRef
    private let names: Names

    private static let source = """
        ({
          descriptorsOf: Object.getOwnPropertyDescriptors, freeze: Object.freeze,
          prototypeOf: Object.getPrototypeOf, ownKeys: Reflect.ownKeys,
          frozen: new WeakSet(), isFrozen: WeakSet.prototype.has, addFrozen: WeakSet.prototype.add,
          keep(object, key, value, enumerable) {
            Object.defineProperty(object, key, {
              get() { return value; },
              set(next) {
                if (this === object) throw new TypeError('Cannot assign to ' + String(key) + ': Lazer\\'s script sandbox keeps it as it is');
                Object.defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
              },
              enumerable, configurable: false,
            });
          },
        })
        """

    /// The names assigned on instances (see above).
    private static let assignedOnInstances: Set<String> = [
        "constructor", "toString", "valueOf", "toLocaleString", "toJSON", "message", "name", "then",
    ]

    /// Made before any other script runs in `context`: it keeps the built-ins as they were then.
    init?(context: JSGlobalContextRef) {
        self.context = context
        let made = JavaScriptText.with(Self.source) { source in
            JavaScriptText.with("hardening") { url in cjsc_JSEvaluateScript(context, source, nil, url, 1, nil) }
        }
        guard let made, let object = cjsc_JSValueToObject(context, made, nil) else { return nil }
        func member(_ name: String) -> JSObjectRef? {
            JavaScriptText.with(name) { key in
                cjsc_JSObjectGetProperty(context, object, key, nil).flatMap { cjsc_JSValueToObject(context, $0, nil) }
            }
        }
        guard let descriptorsOf = member("descriptorsOf"), let freeze = member("freeze"),
            let prototypeOf = member("prototypeOf"), let ownKeys = member("ownKeys"), let frozen = member("frozen"),
            let isFrozen = member("isFrozen"), let addFrozen = member("addFrozen"), let keep = member("keep")
        else { return nil }
        (self.descriptorsOf, self.freeze, self.prototypeOf, self.ownKeys) = (
            descriptorsOf, freeze, prototypeOf, ownKeys
        )
        (self.frozen, self.isFrozen, self.addFrozen, self.keep) = (frozen, isFrozen, addFrozen, keep)
        for function in [descriptorsOf, freeze, prototypeOf, ownKeys, frozen, isFrozen, addFrozen, keep] {
            cjsc_JSValueProtect(context, function)
        }
        names = Names()
    }

    /// Lets the collector have its functions: called before the context is released (after, the
    /// context they were protected in is gone).
    func unprotect() {
        for function in [descriptorsOf, freeze, prototypeOf, ownKeys, frozen, isFrozen, addFrozen, keep] {
            cjsc_JSValueUnprotect(context, function)
        }
    }

    /// Freezes `root` and everything reachable from it; the exception a built-in threw, if any (a
    /// hostile proxy's trap), else nil.
    func harden(_ root: JSValueRef) -> JSValueRef? {
        var queue = [root]
        do throws(Thrown) {
            while let value = queue.popLast() {
                guard cjsc_JSValueIsObject(context, value), let object = cjsc_JSValueToObject(context, value, nil),
                    try firstVisit(object)
                else { continue }
                try visit(object, into: &queue)
            }
        } catch {
            return error.value
        }
        return nil
    }

    /// Whether `object` was not frozen here yet (it is counted as frozen from now on).
    private func firstVisit(_ object: JSObjectRef) throws(Thrown) -> Bool {
        var argument: [JSValueRef?] = [object]
        var exception: JSValueRef?
        let seen = cjsc_JSObjectCallAsFunction(context, isFrozen, frozen, 1, &argument, &exception)
        if let exception { throw Thrown(value: exception) }
        if let seen, cjsc_JSValueToBoolean(context, seen) { return false }
        _ = cjsc_JSObjectCallAsFunction(context, addFrozen, frozen, 1, &argument, &exception)
        if let exception { throw Thrown(value: exception) }
        return true
    }

    /// Freezes `object` (its instance-assigned names kept assignable on instances) and queues
    /// what it holds: each property's value or accessors, and its prototype.
    private func visit(_ object: JSObjectRef, into queue: inout [JSValueRef]) throws(Thrown) {
        guard let descriptors = try objectCall(descriptorsOf, object), let keys = try objectCall(ownKeys, descriptors)
        else { return }
        let count = Int(cjsc_JSValueToNumber(context, cjsc_JSObjectGetProperty(context, keys, names.length, nil), nil))
        for index in 0..<max(0, count) {
            guard let key = cjsc_JSObjectGetPropertyAtIndex(context, keys, UInt32(index), nil),
                let descriptor = cjsc_JSObjectGetPropertyForKey(context, descriptors, key, nil)
                    .flatMap({ cjsc_JSValueToObject(context, $0, nil) })
            else { continue }
            guard cjsc_JSObjectHasProperty(context, descriptor, names.value) else {
                for part in [names.get, names.set] {
                    if let accessor = cjsc_JSObjectGetProperty(context, descriptor, part, nil) {
                        queue.append(accessor)
                    }
                }
                continue
            }
            guard let child = cjsc_JSObjectGetProperty(context, descriptor, names.value, nil) else { continue }
            queue.append(child)
            if assignedOnInstances(key), flag(descriptor, names.writable), flag(descriptor, names.configurable) {
                let enumerable = cjsc_JSValueMakeBoolean(context, flag(descriptor, names.enumerable))
                var arguments: [JSValueRef?] = [object, key, child, enumerable]
                var exception: JSValueRef?
                _ = cjsc_JSObjectCallAsFunction(context, keep, nil, 4, &arguments, &exception)
                if let exception { throw Thrown(value: exception) }
            }
        }
        _ = try objectCall(freeze, object)
        if let prototype = try objectCall(prototypeOf, object) { queue.append(prototype) }
    }

    /// `function(argument)` when its answer is an object (nil when not: `null`, a primitive).
    private func objectCall(_ function: JSObjectRef, _ argument: JSObjectRef) throws(Thrown) -> JSObjectRef? {
        var arguments: [JSValueRef?] = [argument]
        var exception: JSValueRef?
        let answer = cjsc_JSObjectCallAsFunction(context, function, nil, 1, &arguments, &exception)
        if let exception { throw Thrown(value: exception) }
        guard let answer, cjsc_JSValueIsObject(context, answer) else { return nil }
        return cjsc_JSValueToObject(context, answer, nil)
    }

    /// An exception a built-in threw while freezing (it never leaves the engine's thread).
    private struct Thrown: Error {
        nonisolated(unsafe) let value: JSValueRef
    }

    private func flag(_ descriptor: JSObjectRef, _ name: JSStringRef) -> Bool {
        cjsc_JSObjectGetProperty(context, descriptor, name, nil).map { cjsc_JSValueToBoolean(context, $0) } ?? false
    }

    private func assignedOnInstances(_ key: JSValueRef) -> Bool {
        guard cjsc_JSValueIsString(context, key), let name = JavaScriptText.string(of: key, in: context) else {
            return false
        }
        return Self.assignedOnInstances.contains(name)
    }

    /// The descriptor fields' names, made once.
    private final class Names {
        let length: JSStringRef = cjsc_JSStringCreateWithUTF8CString("length")
        let value: JSStringRef = cjsc_JSStringCreateWithUTF8CString("value")
        let writable: JSStringRef = cjsc_JSStringCreateWithUTF8CString("writable")
        let configurable: JSStringRef = cjsc_JSStringCreateWithUTF8CString("configurable")
        let enumerable: JSStringRef = cjsc_JSStringCreateWithUTF8CString("enumerable")
        let get: JSStringRef = cjsc_JSStringCreateWithUTF8CString("get")
        let set: JSStringRef = cjsc_JSStringCreateWithUTF8CString("set")

        deinit {
            for name in [length, value, writable, configurable, enumerable, get, set] { cjsc_JSStringRelease(name) }
        }
    }
}
