// swift-tools-version:6.0
import PackageDescription

// The screen service mounted on Vapor 4: a package of its own, so that Vapor never
// enters the graph of ScreenRegistry's root package (whose server runs on Hummingbird).
let package = Package(
    name: "ScreenServerVapor",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ScreenServerVapor", targets: ["ScreenServerVapor"]),
    ],
    dependencies: [
        .package(name: "ScreenRegistry", path: "../.."),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "ScreenServerVapor",
            dependencies: [
                .product(name: "ScreenService", package: "ScreenRegistry"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .testTarget(
            name: "ScreenServerVaporTests",
            dependencies: [
                "ScreenServerVapor",
                .product(name: "Screens", package: "ScreenRegistry"),
                .product(name: "ScreenRegistry", package: "ScreenRegistry"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
