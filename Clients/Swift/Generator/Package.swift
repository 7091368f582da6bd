// swift-tools-version: 6.1
import PackageDescription

// swift-openapi-generator's command, pinned, which makes Clients/Swift's committed sources from openapi.yaml:
//   swift run --package-path Clients/Swift/Generator swift-openapi-generator generate openapi.yaml \
//       --config Clients/Swift/openapi-generator-config.yaml --output-directory Clients/Swift/Sources/CalculatorClient/Generated
// A package of its own, so that an app that depends on the client builds no generator.
let package = Package(
    name: "calculator-client-generator",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")],
    targets: []
)
