// swift-tools-version: 6.1
import PackageDescription

// Arrows point one way: calculator-server → CalculatorService → (CalculatorEngine, SessionStore, HTTPServer) → C libraries;
// SessionStore, HTTPServer and CalculatorService share Threading (locks, threads, queues).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "calculator",
    products: [
        .executable(name: "calculator-server", targets: ["calculator-server"]),
        .executable(name: "engine-bench", targets: ["EngineBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // System libraries: module map + shim.h, nothing else.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CMPFR", pkgConfig: "mpfr", providers: [.apt(["libmpfr-dev", "libgmp-dev"])]),
        .systemLibrary(name: "CHiredis", pkgConfig: "hiredis", providers: [.apt(["libhiredis-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),

        // The one growable byte buffer and decimal writer that the JSON, stored-form and Redis writers share.
        .target(name: "Bytes", swiftSettings: strict),
        // The lock, joinable threads and batch queue that the server, the stores and the service share.
        .target(name: "Threading", swiftSettings: strict),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "Bytes", "Threading"], swiftSettings: strict),
        .target(name: "CalculatorEngine", dependencies: ["CMPFR", "Bytes"], swiftSettings: strict),
        .target(
            name: "SessionStore",
            dependencies: ["CSQLite", "CHiredis", "Bytes", "Threading"],
            swiftSettings: strict
        ),
        .target(
            name: "CalculatorService",
            dependencies: [
                "HTTPServer", "CalculatorEngine", "SessionStore", "Bytes", "CZlib", "CCrypto", "Threading",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "calculator-server",
            dependencies: [
                "CalculatorService", "SessionStore", "HTTPServer", "Bytes", "Threading",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(name: "EngineBench", dependencies: ["CalculatorEngine"], path: "Benchmarks/EngineBench", swiftSettings: strict),

        // The tests' one raw-socket HTTP client and one redis-server fixture.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "BytesTests", dependencies: ["Bytes"], swiftSettings: strict),
        .testTarget(
            name: "CalculatorEngineTests",
            dependencies: ["CalculatorEngine", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Resources")],
            swiftSettings: strict
        ),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Threading", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "SessionStoreTests", dependencies: ["SessionStore", "Threading", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "CalculatorServiceTests",
            dependencies: ["CalculatorService", "CalculatorEngine", "SessionStore", "HTTPServer", "Threading", "TestSupport"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
