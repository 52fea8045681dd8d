// swift-tools-version: 6.0
// An example client of Lazer's networking libraries, depending on them by path: what another
// Swift project on Linux writes to use Futures, HTTPCore and CurlTransport.
import PackageDescription

let package = Package(
    name: "LazerClient",
    dependencies: [
        .package(name: "Lazer", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "LazerClient",
            dependencies: [
                .product(name: "Futures", package: "Lazer"),
                .product(name: "HTTPCore", package: "Lazer"),
                .product(name: "CurlTransport", package: "Lazer"),
            ]
        )
    ]
)
