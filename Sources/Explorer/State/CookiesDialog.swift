package import HTTPCore

/// Which cookie jar: a collection's, in one environment (nil: none selected). The explorer's sends
/// read and write this jar's file (`Workspace.CookieJarStore`).
package struct CookieJarKey: Sendable, Hashable {
    package var collectionID: String
    package var environment: String?

    package init(collectionID: String, environment: String?) {
        self.collectionID = collectionID
        self.environment = environment
    }
}

/// The Cookies dialog: the jar of the current collection and environment, listed by domain.
/// Values are shown masked, as the Headers tab shows a `Cookie` header; `e` edits one.
package struct CookiesDialog: Sendable, Equatable {
    package var jar: CookieJarKey
    /// The jar's cookies as last read (sorted by domain, path, name); nil while it is being read.
    package var cookies: [Cookie]?
    /// Why the jar could not be read or written.
    package var error: String?
    package var selected = 0
    /// `C` asked "clear every cookie?": `y` answers yes, any other key no.
    package var confirmingClear = false

    package init(jar: CookieJarKey, cookies: [Cookie]? = nil, selected: Int = 0) {
        self.jar = jar
        self.cookies = cookies
        self.selected = selected
    }

    /// The highlighted cookie, if any.
    package var selectedCookie: Cookie? {
        guard let cookies, cookies.indices.contains(selected) else { return nil }
        return cookies[selected]
    }
}
