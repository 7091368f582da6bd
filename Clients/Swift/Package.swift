// swift-tools-version: 6.1
import PackageDescription

// The Swift client of the calculator service, generated from its openapi.yaml at build time. A package of its own, so
// that an app depends on the client alone and the server's build graph holds no generator.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "calculator-client",
    // What the OpenAPI runtime and its URLSession transport need on Apple platforms (async/await).
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "CalculatorClient", targets: ["CalculatorClient"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        .target(
            name: "CalculatorClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            swiftSettings: strict,
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The server package's test support (a link to its Tests/TestSupport), which the shared Support files use.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        // Against the real server binary, which $CALC_SERVER_BIN names (scripts/client-test sets it).
        .testTarget(
            name: "CalculatorClientTests",
            dependencies: [
                "CalculatorClient", "TestSupport", .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
