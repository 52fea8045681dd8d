/// The version `lazer --version` prints. Bumped by hand on release.
enum LazerVersion {
    static let current = "0.1.0"
}
