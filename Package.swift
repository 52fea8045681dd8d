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

/// Release builds let client modules specialise this module's generic code (`ResponseFuture<T>`):
/// unspecialised, every state access looks its generic metadata up at run time, a large share of a
/// request's cost in `make bench-transport`. Debug builds are left alone.
let releaseCrossModuleOptimization: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))
]

/// Release builds of CurlTransport and JSONTree skip run-time exclusivity checks. libcurl calls back into a
/// transfer from inside `curl_multi_perform`, so the compiler cannot prove that accesses to the
/// transfer's and the loop's state never overlap and checks some twenty of them per request at run
/// time: 2–3 % of the network thread's work in `make bench-transport`. That state is the network
/// thread's alone and no callback re-enters another mid-access. JSONTree's two parsers keep their
/// state in locals that the loops' local functions update (the writer, the stack, the overflow
/// table, the index's cursor), and the compiler checks a dozen of those per parse at run time, a
/// thread-local lookup each: a large body does not notice, but every check of a run parses a small
/// response, and they were a fifth of parsing a 60-byte body in `make bench-replay`. Debug builds —
/// every test run — keep every check.
let releaseUncheckedExclusivity: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

/// Release builds of the `lazer` binary link the Swift runtime and Foundation statically: with
/// them as shared libraries the dynamic loader resolves some 40,000 symbols at every start, ~5 ms of
/// a 15 ms `lazer --version` and a third of the gap to `curl -K` in `make bench-replay`. The binary
/// then needs only libc, libstdc++, libcurl and ncurses on the machine it runs on — no Swift
/// toolchain — at the price of size (~78 MB stripped, ICU's data included, against ~18 MB).
/// Debug builds — every test run — stay dynamic: quicker to link.
///
/// The toolchain's static-stdlib arguments also export all of the binary's ~56,000 symbols
/// (`-export-dynamic`, for runtimes that looked types up with `dlsym`; today's Swift runtime and
/// Foundation find metadata through their own sections): the dynamic loader then searches that
/// table first for each of the ~13,000 symbols the shared libraries resolve at start.
/// `--no-export-dynamic` (after it on the command line, so it wins) keeps only what the libraries
/// need: `lazer --version` 11.8 → 10.3 ms (`make bench-startup`). (`-z pack-relative-relocs`
/// would take another 0.2 ms but needs glibc 2.36, and the Debian package runs on 2.35.)
let releaseStaticStdlib: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xlinker", "--no-export-dynamic"], .when(configuration: .release))
]

/// The same flag when compiling `lazer`'s own files: compiled with it, they name the libraries
/// the static Foundation needs in turn (ICU and friends) for the linker.
let releaseStaticStdlibCompile: [SwiftSetting] = [
    .unsafeFlags(["-static-stdlib"], .when(configuration: .release))
]

/// Settings every C target shares: all warnings on, and warnings treated as errors.
let strictC: [CSetting] = [
    .unsafeFlags(["-Wall", "-Wextra"]),
    .treatAllWarnings(as: .error),
]

/// Where Debian's libjavascriptcoregtk-4.1-dev puts JavaScriptCore's headers: CJavaScriptCore's
/// header includes them, so every Swift target that imports Scripting (which imports it) needs them.
let javaScriptCoreHeaders: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/webkitgtk-4.1"])]

let package = Package(
    name: "Lazer",
    products: [
        .executable(name: "lazer", targets: ["lazer"]),
        .executable(name: "transport-bench", targets: ["TransportBench"]),
        // The networking core as libraries for other Swift projects on Linux (see Examples/LazerClient).
        .library(name: "Futures", targets: ["Futures"]),
        .library(name: "HTTPCore", targets: ["HTTPCore"]),
        .library(name: "CurlTransport", targets: ["CurlTransport"]),
        // Their test doubles, for users' tests (as SwiftNIO ships NIOEmbedded apart): an app links the
        // libraries above without them.
        .library(name: "FuturesTesting", targets: ["FuturesTesting"]),
        .library(name: "HTTPCoreTesting", targets: ["HTTPCoreTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // MockServer's HTTP stack (NIOPosix, NIOHTTP1): about 2 minutes of a first debug build on 2 cores.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        // OpenAPI import (issue 18): OpenAPIKit's 3.0/3.1 models and $ref lookup, Yams for YAML.
        // Without OpenAPIKit's default ExternalLoading trait (external references are not fetched).
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        // The state store (issue 34): SQLite through GRDB, over the system's libsqlite3 (libsqlite3-dev).
        // Measured alone: about 43 CPU-seconds of a clean debug build and 98 of a release build; the
        // static release binary grows by about 3.4 MB stripped (12 MB unstripped), libsqlite3 linked
        // dynamically.
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // AWS Signature Version 4 (issue 26): SHA-256 and HMAC for the AWSSigning module only.
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        // `lazer load` (issue 29): HDR latency histograms for the Load module only. With swift-numerics,
        // about 12 CPU-seconds of a clean debug build (37 s wall on the loaded 2-core machine).
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", exact: "0.2.0"),
        // GraphQL documents checked against their schema (issue 28): GraphQLSwift's parser, SDL schema
        // builder and the specification's validation rules. Needs only swift-collections (already built).
        .package(url: "https://github.com/GraphQLSwift/GraphQL", exact: "4.3.0"),
        // WebSocket permessage-deflate (RFC 7692, issue 25): raw deflate streams over the system's zlib
        // (zlib1g-dev), for the WebSocketTransport module only. Needs only swift-nio (already built).
        .package(url: "https://github.com/adam-fowler/compress-nio", exact: "1.5.0"),
    ],
    targets: [
        // MARK: - C bindings

        .target(
            name: "CCurses",
            cSettings: strictC,
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),

        // MARK: - Executable

        .executableTarget(
            name: "lazer",
            dependencies: [
                "CursesBackend",
                "JSONTree",
                "JSONSchema",
                "JSONDiff",
                "TerminalText",
                "TUI",
                "HTTPCore",
                "Futures",
                "CurlTransport",
                "Workspace",
                "Explorer",
                "Replay",
                "Load",
                "LoadTransport",
                "MockServer",
                "Interop",
                "UIDemo",
                "RegularFiles",
                "AnnotatedLocks",
                "StateStore",
                "GraphQLCheck",
                "WebSocketTransport",
                "Scripting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift + releaseStaticStdlibCompile + javaScriptCoreHeaders,
            linkerSettings: releaseStaticStdlib
        ),

        .executableTarget(
            name: "TUIBench",
            dependencies: ["TUI"],
            swiftSettings: strictSwift
        ),

        .executableTarget(
            name: "JSONSchemaBench",
            dependencies: ["BenchSupport", "JSONSchema", "JSONTree", "RegularFiles"],
            swiftSettings: strictSwift
        ),

        .executableTarget(
            name: "ScriptBench",
            dependencies: ["Scripting", "Workspace"],
            swiftSettings: strictSwift + javaScriptCoreHeaders
        ),
        .executableTarget(
            name: "GraphQLBench",
            dependencies: ["BenchSupport", "GraphQLCheck"],
            swiftSettings: strictSwift
        ),

        .executableTarget(
            name: "JSONDiffBench",
            dependencies: ["JSONDiff", "JSONTree", "RegularFiles"],
            swiftSettings: strictSwift
        ),

        .executableTarget(
            name: "JSONBench",
            dependencies: ["BenchSupport", "JSONTree"],
            swiftSettings: strictSwift
        ),

        // BenchSupport: the in-process benchmarks' clock (wall and thread CPU time) and machine line.
        .target(
            name: "BenchSupport",
            swiftSettings: strictSwift
        ),

        // MARK: - JSON engine

        // JSONTree's vector pre-pass (AVX2, chosen at run time): counts that bound the tape and
        // UTF-8 validated 32 bytes at a time. Pure computation over bytes (issue 31, goal 1).
        .target(
            name: "CJSONKernel",
            cSettings: strictC + [.unsafeFlags(["-O3"])]
        ),

        .target(
            name: "JSONTree",
            dependencies: ["TerminalText", "CJSONKernel"],
            swiftSettings: strictSwift + releaseUncheckedExclusivity
        ),

        // A JSON Schema validator (draft 2020-12, draft-07, the OpenAPI dialects) on JSONTree's index:
        // `lazer json --schema` and, later, response contracts (issue 27).
        .target(
            name: "JSONSchema",
            dependencies: ["JSONTree"],
            swiftSettings: strictSwift
        ),

        // GraphQL (issue 28): schemas from SDL or introspection answers, documents checked with positions.
        // The only importer of GraphQLSwift.
        .target(
            name: "GraphQLCheck",
            dependencies: [
                "RegularFiles", "TerminalText", "JSONTree", .product(name: "GraphQL", package: "GraphQL"),
            ],
            swiftSettings: strictSwift
        ),

        // Structural JSON diff on JSONTree's index (issue 27): `lazer diff`, snapshots, the explorer's Diff view.
        .target(
            name: "JSONDiff",
            dependencies: ["JSONTree", "TerminalText"],
            swiftSettings: strictSwift
        ),

        // MARK: - Regular files within limits (no dependencies: everything that reads a file uses it)

        .target(
            name: "RegularFiles",
            swiftSettings: strictSwift
        ),

        // MARK: - Terminal-safe text (no dependencies: every printer uses it)

        .target(
            name: "TerminalText",
            swiftSettings: strictSwift
        ),

        // MARK: - Networking

        .target(
            name: "CCurl",
            cSettings: strictC,
            linkerSettings: [.linkedLibrary("curl")]
        ),

        .target(
            name: "CurlTransport",
            dependencies: ["AnnotatedLocks", "CCurl", "HTTPCore", "Futures"],
            swiftSettings: strictSwift + releaseUncheckedExclusivity
        ),

        .executableTarget(
            name: "TransportBench",
            dependencies: ["CurlTransport", "HTTPCore", "Futures", "WebSocketTransport"],
            swiftSettings: strictSwift
        ),

        // MARK: - Test support

        .target(
            name: "LoopbackTesting",
            exclude: [
                "loopback_server.py", "loopback_fixtures.py", "socks_proxy.py", "nginx_guard.py", "httpbin_like.py",
                "oauth_server.py", "delay_server.py", "graphql_server.py", "graphql_test_schema.graphql",
                "websocket_peer.py", "websockets_server.py", "keepalive_server.py",
            ],
            swiftSettings: strictSwift
        ),

        // MARK: - Core

        .target(
            name: "AnnotatedLocks",
            swiftSettings: strictSwift + releaseCrossModuleOptimization
        ),
        .target(
            name: "Futures",
            dependencies: ["AnnotatedLocks"],
            swiftSettings: strictSwift + releaseCrossModuleOptimization
        ),
        // ManualScheduler: a scheduler a test steps by hand.
        .target(
            name: "FuturesTesting",
            dependencies: ["AnnotatedLocks", "Futures"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "FuturesBench",
            dependencies: ["Futures", "FuturesTesting"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "HTTPCore",
            // TerminalText: the mock's 404 JSON escapes what could drive a terminal, as every JSON writer does.
            dependencies: ["AnnotatedLocks", "Futures", "RegularFiles", "TerminalText"],
            swiftSettings: strictSwift
        ),
        // AWS Signature Version 4 over a final HTTPRequest (issue 26). The only importer of Crypto;
        // knows nothing of collections or the explorer.
        .target(
            name: "AWSSigning",
            dependencies: [
                "AnnotatedLocks", "HTTPCore", "RegularFiles", .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        // JSON Web Tokens signed locally for `jwt` auth (issue 26): HS256, RS256 (CryptoExtras' RSA)
        // and ES256. With AWSSigning, the only importers of swift-crypto; knows nothing of collections.
        .target(
            name: "JWTSigning",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "SigningBench",
            dependencies: ["AWSSigning", "BenchSupport", "HTTPCore"],
            swiftSettings: strictSwift
        ),
        // ManualClock: virtual time for MockDispatcher's delays and timeouts in tests.
        .target(
            name: "HTTPCoreTesting",
            dependencies: ["AnnotatedLocks", "HTTPCore"],
            swiftSettings: strictSwift
        ),

        // MARK: - Terminal toolkit

        .target(
            name: "TUI",
            dependencies: ["AnnotatedLocks", "RegularFiles", "TerminalText"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "TerminalTesting",
            dependencies: ["CCurses"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "TUITesting",
            dependencies: ["TUI"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "CursesBackend",
            dependencies: ["CCurses", "TUI"],
            swiftSettings: strictSwift
        ),

        // MARK: - Explorer

        .target(
            name: "Explorer",
            dependencies: [
                "TUI", "Workspace", "Interop", "HTTPCore", "Futures", "JSONTree", "Replay", "AnnotatedLocks",
                "RegularFiles", "StateStore", "JSONDiff", "GraphQLCheck", "Load",
            ],
            swiftSettings: strictSwift
        ),
        // Drives a real ExplorerProgram on a TestBackend with manual schedulers, virtual time and
        // mock dispatchers (for ExplorerTests).
        .target(
            name: "ExplorerTesting",
            dependencies: [
                "Explorer", "TUI", "TUITesting", "Workspace", "HTTPCore", "Futures", "FuturesTesting",
                "HTTPCoreTesting", "StateStore",
            ],
            swiftSettings: strictSwift
        ),

        // MARK: - Replay

        // The run engine behind `lazer run` (and later the explorer's Runner view): ordering,
        // expectations, captures, retries, reporters. Never CurlTransport: the executable injects
        // the live dispatcher through WorkspaceServices.
        .target(
            name: "Replay",
            dependencies: [
                "Workspace", "HTTPCore", "Futures", "JSONTree", "TerminalText", "AnnotatedLocks", "RegularFiles",
                "StateStore",
            ],
            swiftSettings: strictSwift
        ),

        // `lazer load` (issue 29): open and closed load models on Replay's execution, HDR
        // histograms, thresholds and the summary.
        .target(
            name: "Load",
            dependencies: [
                "Replay", "Workspace", "HTTPCore", "AnnotatedLocks", "TerminalText",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "LoadTests",
            dependencies: ["Load", "Replay", "Workspace", "HTTPCore", "Futures"],
            exclude: ["Golden"],
            swiftSettings: strictSwift
        ),

        .executableTarget(
            name: "ReplayBench",
            dependencies: ["Replay", "Workspace", "HTTPCore", "Futures"],
            swiftSettings: strictSwift
        ),

        // MARK: - Mock server

        // `lazer mock` and `lazer record --proxy`: mock environments served over HTTP (SwiftNIO), routed
        // by HTTPCore's MockRouteTable so a route answers the same in process and over the socket.
        // Never CurlTransport: the recording proxy forwards through the dispatcher the executable injects.
        .target(
            name: "MockServer",
            dependencies: [
                "Workspace", "HTTPCore", "Futures", "TerminalText", "AnnotatedLocks", "RegularFiles",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),

        // `lazer load`'s keep-alive engine (issue 29): KeepAliveLoadDriving (HTTPCore) on SwiftNIO's
        // channels, rendered requests written as they are and responses framed in place. Injected by
        // the `lazer` executable; Load never imports it.
        .target(
            name: "LoadTransport",
            dependencies: [
                "HTTPCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),

        // MARK: - WebSocket transport

        // WebSocketConnecting (HTTPCore) on SwiftNIO (issue 25): NIOHTTP1's client upgrade,
        // NIOWebSocket's frame codec, our fragmentation, UTF-8, ping and close handling, and
        // permessage-deflate over CompressNIO's zlib streams. `wss://` goes through libcurl's TLS tunnel
        // (no swift-nio-ssl). Injected by the `lazer` executable; the explorer and Replay never import it.
        .target(
            name: "WebSocketTransport",
            dependencies: [
                "HTTPCore",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WebSocketTransportTests",
            dependencies: ["WebSocketTransport", "CurlTransport", "Futures", "HTTPCore", "LoopbackTesting"],
            swiftSettings: strictSwift
        ),

        // MARK: - Interop

        // `lazer import` / `lazer export` and the explorer's paste-curl / copy-as-curl: curl,
        // .http, Postman, OpenAPI, HAR to and from collections. Never CurlTransport.
        .target(
            name: "Interop",
            dependencies: [
                "Workspace", "HTTPCore", "Futures", "JSONTree", "RegularFiles", "TerminalText",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSwift
        ),

        // libFuzzer target for the importers (`make fuzz-import`) and the collection loader (`make
        // fuzz-collection`); built normally it replays files.
        .executableTarget(
            name: "ImportFuzz",
            dependencies: ["Interop", "Workspace", "TerminalText"],
            path: "Fuzz/ImportFuzz",
            swiftSettings: strictSwift
        ),

        // MARK: - UI demo

        .target(
            name: "UIDemo",
            dependencies: ["TUI"],
            swiftSettings: strictSwift
        ),

        // MARK: - Collections

        .target(
            name: "Workspace",
            dependencies: [
                "AnnotatedLocks", "HTTPCore", "AWSSigning", "Futures", "JSONTree", "RegularFiles", "TerminalText",
                "StateStore", "JSONDiff", "JSONSchema", "JWTSigning",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),

        // MARK: - Scripts

        // JavaScriptCore's C API, loaded with dlopen on first use (issue 32): the headers come from
        // Debian's libjavascriptcoregtk-4.1-dev; nothing links the library. Only Scripting imports it.
        .target(
            name: "CJavaScriptCore",
            cSettings: strictC + [.unsafeFlags(["-I/usr/include/webkitgtk-4.1"])]
        ),
        // Pre-request and test scripts (Postman's `pm` API) in a JavaScriptCore sandbox: the
        // `ScriptRunner` the `lazer` executable gives WorkspaceServices. Nothing else depends on it.
        .target(
            name: "Scripting",
            dependencies: [
                "CJavaScriptCore", "Workspace", "JSONTree",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift + javaScriptCoreHeaders
        ),
        .testTarget(
            name: "ScriptingTests",
            dependencies: ["Scripting", "Workspace"],
            swiftSettings: strictSwift + javaScriptCoreHeaders
        ),

        // MARK: - State store

        // What Lazer keeps beside the collections (history, drafts, captured values, session state) in
        // one SQLite file in WAL mode, shared safely by several explorers and `lazer run`s. Only this
        // module imports GRDB.
        .target(
            name: "StateStore",
            dependencies: ["AnnotatedLocks", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSwift
        ),

        // MARK: - Tests

        .testTarget(
            name: "JSONTreeTests",
            // CJSONKernel: the index tests run both of its kernels on the same bytes.
            dependencies: ["JSONTree", "CJSONKernel"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "JSONSchemaTests",
            dependencies: ["JSONSchema", "JSONTree"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "JSONDiffTests",
            dependencies: ["JSONDiff", "JSONTree", "RegularFiles"],
            exclude: ["Golden"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "TerminalTextTests",
            dependencies: ["TerminalText", "JSONTree", "TUI"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "CurlTransportTests",
            dependencies: [
                "AnnotatedLocks", "CurlTransport", "CCurl", "HTTPCore", "Futures", "JSONTree", "LoopbackTesting",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "CCurlTests",
            dependencies: ["CCurl", "LoopbackTesting"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "CCursesTests",
            dependencies: ["CCurses", "TerminalTesting"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "HTTPCoreTests",
            dependencies: ["HTTPCore", "HTTPCoreTesting", "Futures", "FuturesTesting"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "AWSSigningTests",
            dependencies: ["AWSSigning", "HTTPCore"],
            exclude: ["Vectors"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "FuturesTests",
            dependencies: ["Futures", "FuturesTesting"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "TUITests",
            dependencies: ["TUI", "TUITesting"],
            exclude: ["Snapshots"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ExplorerTests",
            dependencies: [
                "Explorer", "ExplorerTesting", "TUI", "TUITesting", "Workspace", "HTTPCore", "HTTPCoreTesting",
                "Futures", "FuturesTesting", "JSONTree", "Replay", "Interop", "StateStore", "JSONDiff", "GraphQLCheck",
                "Load", "Scripting",
            ],
            exclude: ["Snapshots"],
            swiftSettings: strictSwift + javaScriptCoreHeaders
        ),
        .testTarget(
            name: "CursesBackendTests",
            dependencies: ["CursesBackend", "CCurses", "TUI", "TerminalTesting"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "LazerCLITests",
            dependencies: ["lazer", "LoopbackTesting", "StateStore"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ReplayTests",
            // CurlTransport and LoopbackTesting: a run one request at a time against a real server.
            dependencies: [
                "Scripting", "Replay", "Workspace", "HTTPCore", "Futures", "JSONTree", "StateStore", "CurlTransport",
                "LoopbackTesting",
            ],
            exclude: ["Golden"],
            swiftSettings: strictSwift + javaScriptCoreHeaders
        ),
        .testTarget(
            name: "MockServerTests",
            // CurlTransport: the authorization code tests send the token requests for real.
            dependencies: ["MockServer", "Workspace", "HTTPCore", "Futures", "LoopbackTesting", "CurlTransport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "InteropTests",
            // CurlTransport only to send imported requests for the comparison with the real curl.
            dependencies: [
                "Interop", "Workspace", "HTTPCore", "Futures", "CurlTransport", "LoopbackTesting", "JSONTree",
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["Explorer", "TUI"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WorkspaceTests",
            dependencies: [
                "Workspace", "AWSSigning", "HTTPCore", "HTTPCoreTesting", "Futures", "FuturesTesting", "JSONTree",
                "RegularFiles",
                "StateStore", "workspace-save-loop", "JWTSigning",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "GraphQLCheckTests",
            dependencies: ["GraphQLCheck"],
            exclude: ["Fixtures"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "StateStoreTests",
            // GRDB: a migration test writes a file as an older Lazer did, in its SQL.
            dependencies: ["StateStore", "state-write-loop", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSwift
        ),
        // A child process for the kill-during-write test: writes history and drafts in a loop until killed.
        .executableTarget(
            name: "state-write-loop",
            dependencies: ["StateStore"],
            path: "Tests/StateWriteLoop",
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
