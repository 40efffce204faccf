// swift-tools-version:6.0
import PackageDescription

// Side-by-side benchmarks: ScreenRegistry's matcher against Vapor's RoutingKit.
// Its own package, so the library itself never depends on RoutingKit.
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "ScreenRegistry", path: ".."),
        .package(url: "https://github.com/vapor/routing-kit.git", from: "4.9.3"),
        // Only for the Logger handed to RoutingKit's Parameters; the version RoutingKit resolves.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.3"),
        // HelloServer, the baseline of http-bench.sh.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "RoutingBenchmark",
            dependencies: [
                .product(name: "ScreenRegistry", package: "ScreenRegistry"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // XMLRenderer against a plain xmlTextWriter loop, libxml2's tree API and
        // Foundation's XMLDocument (issue 3).
        .executableTarget(
            name: "XMLBenchmark",
            dependencies: [
                .product(name: "ScreenRegistry", package: "ScreenRegistry"),
                .product(name: "ScreenRendering", package: "ScreenRegistry"),
                "LibXML2",
            ]
        ),
        // libxml2's C API for the plain loops the renderers are measured against (the
        // library keeps its own C module internal).
        .systemLibrary(name: "LibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Timing helpers, the shared screen of the rendering benchmarks, and the executor
        // that keeps the callgrind benchmarks on one thread.
        .target(name: "BenchmarkSupport", dependencies: [.product(name: "ScreenRegistry", package: "ScreenRegistry")]),
        .executableTarget(
            name: "JSONBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ScreenRegistry", package: "ScreenRegistry"),
                .product(name: "ScreenRendering", package: "ScreenRegistry"),
            ]
        ),
        // DivKitRenderer against JSONEncoder, pydivkit and divkit-rs (issue 17).
        .executableTarget(
            name: "DivKitBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ScreenRegistry", package: "ScreenRegistry"),
                .product(name: "ScreenRendering", package: "ScreenRegistry"),
            ]
        ),
        // HXMLRenderer against a plain xmlTextWriter loop writing the same elements (issue 18).
        .executableTarget(
            name: "HXMLBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ScreenRegistry", package: "ScreenRegistry"),
                .product(name: "ScreenRendering", package: "ScreenRegistry"),
                "LibXML2",
            ]
        ),
        // Hummingbird's hello world, the baseline of http-bench.sh.
        .executableTarget(
            name: "HelloServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // ScreenService.respond in a loop, without sockets: the per-request cost of the
        // HTTP service's core, for callgrind (issue 4).
        .executableTarget(
            name: "ServiceBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ScreenService", package: "ScreenRegistry"),
                .product(name: "ScreenRendering", package: "ScreenRegistry"),
                .product(name: "Screens", package: "ScreenRegistry"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // One step of a rendered request alone (the screen, its node tree, the fit, the
        // render), for callgrind: request-instructions.sh with STEPS=1 (issue 32).
        .executableTarget(
            name: "StepBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ScreenRegistry", package: "ScreenRegistry"),
                .product(name: "ScreenRendering", package: "ScreenRegistry"),
                .product(name: "Screens", package: "ScreenRegistry"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
