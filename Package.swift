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
        .executable(name: "screen-registry", targets: ["screen-registry"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
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
        // The reusable command line: any app runs it with its own registry.
        .target(
            name: "ScreenRegistryCLI",
            dependencies: [
                "ScreenRegistry", "ScreenRendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The sample catalog, the embedded default.
        .target(name: "Screens", dependencies: ["ScreenRegistry"], path: "Screens"),
        .executableTarget(name: "screen-registry", dependencies: ["ScreenRegistryCLI", "Screens"]),

        .testTarget(name: "ScreenRegistryTests", dependencies: ["ScreenRegistry"]),
        .testTarget(name: "ScreenRenderingTests", dependencies: ["ScreenRendering", "Screens"], exclude: ["Golden"]),
        .testTarget(name: "ScreensTests", dependencies: ["Screens", "ScreenRendering"]),
        .testTarget(name: "ScreenRegistryCLITests", dependencies: ["screen-registry"]),
    ],
    swiftLanguageModes: [.v6]
)
