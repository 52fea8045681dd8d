import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Keeps a mock server inside the collection's folder: a route's body file must be a relative path
/// without `..` segments, and what it resolves to (symbolic links followed) must be a regular file
/// inside the folder. Checked when routes are loaded, and again when a file is served (a file can
/// be swapped for a link while the server runs).
package struct MockFileGuard: Sendable {
    /// The collection's folder, symbolic links resolved.
    package let root: String

    /// A guard for `folder` (resolved now; a folder that does not resolve keeps its path as given).
    package init(folder: String) {
        root = Self.realPath(folder) ?? (folder as NSString).standardizingPath
    }

    /// Why `path` (as written in the route, relative to the folder) may not be served; `nil` when it may.
    package func problem(withWrittenPath path: String) -> String? {
        if path.hasPrefix("/") {
            return "an absolute path is not served: give the file relative to the collection's folder"
        }
        if path.split(separator: "/").contains("..") {
            return "a path with \"..\" is not served: it could leave the collection's folder"
        }
        return nil
    }

    /// The resolved path of a file that may be served, or why not.
    package func resolve(_ absolute: String) -> Result<String, MockFileProblem> {
        guard let real = Self.realPath(absolute) else {
            return .failure(MockFileProblem(path: absolute, reason: "the file does not exist or cannot be read"))
        }
        guard real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            return .failure(
                MockFileProblem(
                    path: absolute, reason: "it resolves to \(real), outside the collection's folder \(root)"))
        }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(MockFileProblem(path: absolute, reason: "it is not a regular file"))
        }
        return .success(real)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A route's body file that cannot be served, and why.
package struct MockFileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String { "\(path): \(reason)" }
}
