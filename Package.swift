// swift-tools-version: 6.2
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode (the tools default), the upcoming
/// features the architecture guide asks for, and warnings treated as errors.
let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

/// Settings every C target shares: all warnings on, and warnings treated as errors.
let strictC: [CSetting] = [
    .unsafeFlags(["-Wall", "-Wextra"]),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Lazer",
    products: [
        .executable(name: "lazer", targets: ["lazer"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
    ],
    targets: [
        // MARK: - Executable

        .executableTarget(
            name: "lazer",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            swiftSettings: strictSwift
        ),

        // MARK: - Libraries

        .target(
            name: "Workspace",
            swiftSettings: strictSwift
        ),

        // MARK: - Tests

        .testTarget(
            name: "LazerCLITests",
            dependencies: ["lazer"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WorkspaceTests",
            dependencies: ["Workspace", "workspace-save-loop"],
            swiftSettings: strictSwift
        ),
        // A child process for the kill-during-save test: saves a collection in a loop until killed.
        .executableTarget(
            name: "workspace-save-loop",
            dependencies: ["Workspace"],
            path: "Tests/WorkspaceSaveLoop",
            swiftSettings: strictSwift
        ),
    ]
)
