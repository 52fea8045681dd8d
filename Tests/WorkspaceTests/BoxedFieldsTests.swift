import Testing
import Workspace

/// `SavedRequest`'s boxed fields behave as plain values: a default set explicitly equals one
/// never set, a copy changed leaves the original alone, and a value set reads back as set.
struct BoxedFieldsTests {
    @Test func defaultsSetExplicitlyEqualUnsetOnes() {
        let plain = SavedRequest(id: "r", name: "R", url: "/r")
        var explicit = plain
        explicit.auth = SavedAuth(.bearer(token: "t"))
        explicit.auth = SavedAuth(.inherit)
        explicit.options = SavedOptions(timeoutSeconds: 3)
        explicit.options = SavedOptions()
        explicit.retry = RetryPolicy(count: 2)
        explicit.retry = nil
        #expect(explicit == plain)
    }

    @Test func aCopyChangedLeavesTheOriginalAlone() {
        var original = SavedRequest(id: "r", name: "R", url: "/r", auth: SavedAuth(.bearer(token: "one")))
        var copy = original
        copy.auth = SavedAuth(.bearer(token: "two"))
        copy.options.timeoutSeconds = 5
        copy.body = SavedBody(.text("hi", contentType: nil))
        #expect(original.auth == SavedAuth(.bearer(token: "one")))
        #expect(original.options == SavedOptions())
        #expect(original.body == .empty)
        #expect(copy.options.timeoutSeconds == 5)
        #expect(copy != original)
        original.options.timeoutSeconds = 5
        original.auth = SavedAuth(.bearer(token: "two"))
        original.body = SavedBody(.text("hi", contentType: nil))
        #expect(copy == original)
    }

    /// What a walk over every request asks first (`$options.isDefault`): true exactly when the
    /// value is the default, however it was set.
    @Test func isDefaultSaysWhetherTheValueIsTheDefault() {
        var request = SavedRequest(id: "r", name: "R", description: "", url: "/r")
        #expect(request.$options.isDefault && request.$body.isDefault)
        #expect(request.hasRareFields, "an empty description is not an absent one")
        request.options.timeoutSeconds = 5
        #expect(!request.$options.isDefault)
        request.options.timeoutSeconds = nil
        #expect(request.$options.isDefault, "set back to the default: nothing stored again")
        request.body = SavedBody(.text("hi", contentType: nil))
        #expect(!request.$body.isDefault)
        request.description = nil
        #expect(!request.hasRareFields)
        request.contract = RequestContract(operation: .operationId("listUsers"))
        #expect(request.hasRareFields && request.contract?.operation == .operationId("listUsers"))
        request.contract = nil
        #expect(!request.hasRareFields)
        #expect(request == SavedRequest(id: "r", name: "R", url: "/r", body: SavedBody(.text("hi", contentType: nil))))
    }
}
