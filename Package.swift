// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ScreenRegistry",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ScreenRegistry", targets: ["ScreenRegistry"]),
        .library(name: "ScreenRendering", targets: ["ScreenRendering"]),
        .library(name: "ScreenRegistryCLI", targets: ["ScreenRegistryCLI"]),
        .library(name: "Screens", targets: ["Screens"]),
        .library(name: "ScreenService", targets: ["ScreenService"]),
        .library(name: "ScreenServerHummingbird", targets: ["ScreenServerHummingbird"]),
        .executable(name: "screen-registry", targets: ["screen-registry"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // `swift package generate-documentation`: the DocC catalogs under Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // path → match → screen: the core, pure Swift.
        .target(name: "ScreenRegistry"),
        // screen → bytes.
        // libxml2, the XML engine (Debian: libxml2-dev; macOS: Homebrew's libxml2 or the SDK's).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(
            name: "ScreenRendering",
            dependencies: ["ScreenRegistry", "CLibXML2"],
            resources: [.copy("Resources/screen-1.xsd")]
        ),
        // request → response: the HTTP service without an HTTP framework (negotiation,
        // caching, errors, trust). It imports neither NIO nor Hummingbird.
        .target(
            name: "ScreenService",
            dependencies: [
                "ScreenRegistry", "ScreenRendering",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The service mounted on Hummingbird 2, and the server `serve` runs. The Vapor
        // adapter is its own package (Integrations/ScreenServerVapor).
        .target(
            name: "ScreenServerHummingbird",
            dependencies: [
                "ScreenRegistry", "ScreenService",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The reusable command line: any app runs it with its own registry.
        .target(
            name: "ScreenRegistryCLI",
            dependencies: [
                "ScreenRegistry", "ScreenRendering", "ScreenService", "ScreenServerHummingbird",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The sample catalog, the embedded default.
        .target(name: "Screens", dependencies: ["ScreenRegistry", "ScreenService"], path: "Screens"),
        .executableTarget(name: "screen-registry", dependencies: ["ScreenRegistryCLI", "Screens"]),

        .testTarget(name: "ScreenRegistryTests", dependencies: ["ScreenRegistry"]),
        // Runs the clients' own schema tools (Tests/Conformance) for the test targets.
        .target(name: "ConformanceSupport", dependencies: ["ScreenRegistry", "Screens"], path: "Tests/ConformanceSupport"),
        .testTarget(name: "ScreenRenderingTests", dependencies: ["ScreenRendering", "Screens", "ConformanceSupport"], exclude: ["Golden"]),
        .testTarget(name: "ScreensTests", dependencies: ["Screens", "ScreenRendering"]),
        .testTarget(name: "ScreenRegistryCLITests", dependencies: ["screen-registry", "ScreenRegistryCLI"]),
        .testTarget(
            name: "ScreenServerTests",
            dependencies: [
                "ScreenService", "ScreenServerHummingbird", "Screens", "screen-registry", "ConformanceSupport",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
