// swift-tools-version: 6.1
import PackageDescription

// The Swift client of the calculator service. Its generated sources (Sources/CalculatorClient/Generated) are
// committed, made from openapi.yaml by swift-openapi-generator (Generator/Package.swift pins it), so an app that
// depends on this package builds no generator. A package of its own, so that the server's build graph holds none.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "calculator-client",
    // What the OpenAPI runtime and its URLSession transport need on Apple platforms (async/await).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CalculatorClient", targets: ["CalculatorClient"])
    ],
    dependencies: [
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
            swiftSettings: strict
        ),
        // The README's example, as printed there; scripts/client-test runs it against the real server.
        .executableTarget(name: "calculator-client-example", dependencies: ["CalculatorClient"], path: "Example", swiftSettings: strict),
        // Against the real server binary, which $CALC_SERVER_BIN names (scripts/client-test sets it).
        .testTarget(
            name: "CalculatorClientTests",
            dependencies: [
                "CalculatorClient", .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
