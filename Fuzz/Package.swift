// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the parsers and the router: one executable per entry point.
// Its own package, so the library never builds with the fuzzer's flags.
// Build and run with Fuzz/run.sh (it passes -sanitize=fuzzer,address -parse-as-library);
// each target defines LLVMFuzzerTestOneInput and libFuzzer supplies main().
let fuzzTargets: [(name: String, products: [String])] = [
    ("FuzzDeepLink", ["ScreenRegistry"]),
    ("FuzzRoutePattern", ["ScreenRegistry"]),
    ("FuzzXMLReader", ["ScreenRegistry", "ScreenRendering"]),
    ("FuzzBeagleJSONReader", ["ScreenRegistry", "ScreenRendering"]),
    ("FuzzResolve", ["ScreenRegistry", "Screens"]),
]

let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "ScreenRegistry", path: ".."),
    ],
    targets: fuzzTargets.map { target in
        .executableTarget(
            name: target.name,
            dependencies: ["FuzzSupport"] + target.products.map { .product(name: $0, package: "ScreenRegistry") }
        )
    } + [
        // FuzzSupportRunDriver: each target's <Target>_main hands over to libFuzzer's driver with it.
        .target(name: "FuzzSupport"),
    ],
    swiftLanguageModes: [.v6]
)
