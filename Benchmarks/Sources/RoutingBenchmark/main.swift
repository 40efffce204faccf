// Route lookup: ScreenRegistry against Vapor's RoutingKit, on the same route tables.
//
//   swift run -c release RoutingBenchmark                 the full comparison
//   swift run -c release RoutingBenchmark --only screenregistry --size 10000 --kind unknown
//                                                         one router only (for profiling)
//
// Options: --rounds N (default 15), --round-ms N (default 40), --sizes 10,1000,10000,
// --only screenregistry|routingkit, --size N, --kind hit|unknown|deadend, --passes N.

import Logging
import RoutingKit
import ScreenRegistry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The trivial screen every benchmark route is registered with.
struct BenchScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) throws {}
    func screen() async throws -> Screen { Screen(title: "Benchmark") { Text("benchmark") } }
}

enum Kind: String, CaseIterable {
    case hit, unknown, deadend

    var label: String {
        switch self {
        case .hit: "hit"
        case .unknown: "miss: unknown first segment"
        case .deadend: "miss: dead end deep in tree"
        }
    }

    /// RoutingKit's time over ScreenRegistry's that issue 28 asks for at least: an
    /// unknown first segment gets a suggestion computed, which RoutingKit does not do.
    var floor: Double {
        switch self {
        case .hit: 1.5
        case .unknown: 0.5
        case .deadend: 1
        }
    }

    func probes(_ table: RouteTable) -> [RouteTable.Probe] {
        switch self {
        case .hit: table.hits
        case .unknown: table.unknownFirst
        case .deadend: table.deadEnd
        }
    }
}

// MARK: Options

struct Options {
    var rounds = 15
    var roundMilliseconds = 40.0
    var sizes = [10, 1_000, 10_000]
    var kinds = Kind.allCases
    var only: String?
    var passes: Int?

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        func value(_ flag: String) -> String {
            guard let value = iterator.next() else { fail("\(flag) needs a value") }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--rounds": rounds = Int(value(argument)) ?? rounds
            case "--round-ms": roundMilliseconds = Double(value(argument)) ?? roundMilliseconds
            case "--sizes": sizes = value(argument).split(separator: ",").compactMap { Int($0) }
            case "--size": sizes = [Int(value(argument)) ?? 10_000]
            case "--kind":
                let name = value(argument)
                guard let kind = Kind(rawValue: name) else { fail("unknown kind \(name)") }
                kinds = [kind]
            case "--only":
                let name = value(argument)
                guard name == "screenregistry" || name == "routingkit" else {
                    fail("unknown router \(name)")
                }
                only = name
            case "--passes": passes = Int(value(argument))
            case "-h", "--help":
                print(
                    "usage: RoutingBenchmark [--rounds N] [--round-ms N] [--sizes 10,1000,10000] [--size N]")
                print(
                    "                        [--kind hit|unknown|deadend] [--only screenregistry|routingkit] [--passes N]"
                )
                exit(0)
            default: fail("unknown option \(argument)")
            }
        }
        guard rounds >= 1, !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { fail("bad options") }
    }
}

func fail(_ message: String) -> Never {
    print("RoutingBenchmark: \(message)")
    exit(2)
}

// MARK: Routers

func makeRegistry(_ table: RouteTable) -> ScreenRegistry {
    var registry = ScreenRegistry()
    for index in table.routes.indices {
        do {
            try registry.register(BenchScreen.self, at: table.pattern(index))
        } catch {
            fail("ScreenRegistry rejected \(table.pattern(index)): \(error)")
        }
    }
    return registry
}

func makeRouter(_ table: RouteTable) -> TrieRouter<Int> {
    let router = TrieRouter<Int>()
    for (index, route) in table.routes.enumerated() {
        router.register(
            index,
            at: route.map { component -> PathComponent in
                switch component {
                case .literal(let text): .constant(text)
                case .parameter(let name): .parameter(name)
                }
            })
    }
    return router
}

/// Both routers must agree with the table before anything is timed.
func validate(_ table: RouteTable, _ registry: ScreenRegistry, _ router: TrieRouter<Int>) {
    for probe in table.hits + table.unknownFirst + table.deadEnd {
        var parameters = Parameters()
        let routed = router.route(path: probe.segments, parameters: &parameters)
        guard routed == probe.expected else {
            fail(
                "RoutingKit gave \(String(describing: routed)) for \(probe.path), expected \(String(describing: probe.expected))"
            )
        }
        do {
            let match = try registry.resolve(probe.path)
            guard let expected = probe.expected, match.pattern == table.pattern(expected) else {
                fail(
                    "ScreenRegistry matched \(match.pattern) for \(probe.path), expected \(String(describing: probe.expected))"
                )
            }
        } catch {
            guard probe.expected == nil, case .unknownPath = error else {
                fail("ScreenRegistry threw \(error) for \(probe.path)")
            }
        }
    }
}

// MARK: One pass over the probes

@inline(never)
func screenRegistryPass(_ registry: ScreenRegistry, _ paths: [String]) {
    for path in paths {
        do {
            let match = try registry.resolve(path)
            blackHole(match)
        } catch {
            blackHole(error)
        }
    }
}

/// RoutingKit's `Parameters()` makes a new `Logger` each time; a shared one keeps that
/// cost out of its figures, so RoutingKit is measured at its fastest.
let routingKitLogger = Logger(label: "benchmark.routingkit")

@inline(never)
func routingKitPass(_ router: TrieRouter<Int>, _ paths: [[String]]) {
    for segments in paths {
        var parameters = Parameters(routingKitLogger)
        let output = router.route(path: segments, parameters: &parameters)
        blackHole(output)
        blackHole(parameters)
    }
}

// MARK: Running

struct Result {
    var size: Int
    var kind: Kind
    var screenRegistry: Double  // median ns per lookup
    var routingKit: Double
    var ratioLow: Double  // per-round RoutingKit/ScreenRegistry ratios: lowest and highest
    var ratioHigh: Double
    var ratio: Double { routingKit / screenRegistry }
}

/// Times `first` and `second` (each one pass over `lookups` probes) in `--rounds` rounds of
/// about `--round-ms` each, interleaved, alternating which goes first: the nanoseconds per
/// lookup of each, round by round.
func interleaved(
    _ options: Options, lookups: Double, _ first: () -> Void, _ second: () -> Void
) -> (first: [Double], second: [Double]) {
    // Warm up, then size each one's rounds to about --round-ms.
    _ = measure(passes: 3, first)
    _ = measure(passes: 3, second)
    let target = options.roundMilliseconds * 1e6
    let firstPasses = options.passes ?? max(1, Int(target / measure(passes: 2, first).nanoseconds * 2))
    let secondPasses = options.passes ?? max(1, Int(target / measure(passes: 2, second).nanoseconds * 2))
    var firstTimes: [Double] = []
    var secondTimes: [Double] = []
    for round in 0..<options.rounds {
        func runFirst() {
            firstTimes.append(measure(passes: firstPasses, first).nanoseconds / (Double(firstPasses) * lookups))
        }
        func runSecond() {
            secondTimes.append(measure(passes: secondPasses, second).nanoseconds / (Double(secondPasses) * lookups))
        }
        if round % 2 == 0 {
            runFirst()
            runSecond()
        } else {
            runSecond()
            runFirst()
        }
    }
    return (firstTimes, secondTimes)
}

/// ScreenRegistry's time at the largest size over its time at the smallest, for one kind of
/// lookup, measured like the comparison with RoutingKit: interleaved rounds, medians. (The
/// table's rows for the two sizes are measured seconds apart, and this machine's speed
/// drifts by more than the target's margin in that time.)
struct Scaling {
    var kind: Kind
    var ratio: Double
    var ratioLow: Double  // per-round large/small ratios: lowest and highest
    var ratioHigh: Double
}

func scaling(_ options: Options, small: Int, large: Int) -> [Scaling] {
    let smallTable = RouteTable(size: small), largeTable = RouteTable(size: large)
    let smallRegistry = makeRegistry(smallTable), largeRegistry = makeRegistry(largeTable)
    return options.kinds.map { kind in
        let smallPaths = kind.probes(smallTable).map(\.path)
        let largePaths = kind.probes(largeTable).map(\.path)
        // Both tables make the same number of probes.
        let (smallTimes, largeTimes) = interleaved(
            options, lookups: Double(smallPaths.count),
            { screenRegistryPass(smallRegistry, smallPaths) }, { screenRegistryPass(largeRegistry, largePaths) })
        let ratios = zip(largeTimes, smallTimes).map { $0 / $1 }
        return Scaling(
            kind: kind, ratio: median(largeTimes) / median(smallTimes), ratioLow: ratios.min() ?? 0,
            ratioHigh: ratios.max() ?? 0)
    }
}

/// Every measurement, in table order (nothing is returned in profiling mode).
nonisolated func run(_ options: Options) -> [Result] {
    var results: [Result] = []
    for size in options.sizes {
        let table = RouteTable(size: size)
        let registry = makeRegistry(table)
        let router = makeRouter(table)
        validate(table, registry, router)

        for kind in options.kinds {
            let probes = kind.probes(table)
            let paths = probes.map(\.path)
            let segments = probes.map(\.segments)
            let lookups = Double(probes.count)

            // Profiling mode: one router, a fixed amount of work, no table.
            if let only = options.only {
                let passes = options.passes ?? 200
                let elapsed =
                    only == "screenregistry"
                    ? measure(passes: passes) { screenRegistryPass(registry, paths) }
                    : measure(passes: passes) { routingKitPass(router, segments) }
                print(
                    "\(only) size \(size) \(kind.rawValue): \(fixed(elapsed.nanoseconds / (Double(passes) * lookups), 1)) ns/lookup"
                )
                continue
            }

            let (sr, rk) = interleaved(
                options, lookups: lookups, { screenRegistryPass(registry, paths) }, { routingKitPass(router, segments) })
            let ratios = zip(rk, sr).map { $0 / $1 }
            results.append(
                Result(
                    size: size, kind: kind, screenRegistry: median(sr), routingKit: median(rk),
                    ratioLow: ratios.min() ?? 0, ratioHigh: ratios.max() ?? 0))
        }
    }
    return results
}

let options = Options(CommandLine.arguments)
let results = run(options)
if options.only != nil { exit(0) }

// MARK: Report

/// The load average, when the system tells it (Linux): timing noise to report beside the figures.
func loadAverage() -> String? {
    #if os(Linux)
        guard let file = fopen("/proc/loadavg", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let text = String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    #else
        return nil
    #endif
}

if let load = loadAverage() { print("Load average (1, 5, 15 min) after the run: \(load)") }
print(
    "Route lookup: ScreenRegistry vs RoutingKit, \(options.rounds) interleaved rounds, medians (ns per lookup)"
)
print("RoutingKit gets pre-split [String] segments; ScreenRegistry gets the whole path string.")
print("")
let header = [
    pad("routes", 7), pad("lookup", 28, right: false), pad("ScreenRegistry", 15),
    pad("RoutingKit", 11),
    pad("RK/SR", 7), pad("per-round RK/SR", 16), pad("floor", 7),
].joined(separator: " | ")
print(header)
print(String(repeating: "-", count: header.count))
for result in results {
    print(
        [
            pad(grouped(result.size), 7), pad(result.kind.label, 28, right: false),
            pad(fixed(result.screenRegistry, 1), 15), pad(fixed(result.routingKit, 1), 11),
            pad(fixed(result.ratio, 2) + "×", 7),
            pad(fixed(result.ratioLow, 2) + "–" + fixed(result.ratioHigh, 2), 16),
            pad((result.ratio >= result.kind.floor ? "met " : "NOT ") + fixed(result.kind.floor, 1), 7),
        ].joined(separator: " | "))
}

if let smallest = options.sizes.min(), let largest = options.sizes.max(), smallest != largest {
    print("")
    print(
        "ScreenRegistry scaling: time at \(grouped(largest)) routes / time at \(grouped(smallest)) routes,"
            + " \(options.rounds) interleaved rounds, medians (floor ≤ 2×)"
    )
    for result in scaling(options, small: smallest, large: largest) {
        print(
            "  \(pad(result.kind.label, 28, right: false))  \(pad(fixed(result.ratio, 2) + "×", 6))"
                + "  per round \(fixed(result.ratioLow, 2))–\(fixed(result.ratioHigh, 2))"
                + "  \(result.ratio <= 2 ? "met" : "NOT met")"
        )
    }
}
let allMet = results.allSatisfy { $0.ratio >= $0.kind.floor }
print("")
print("Floors (issue 28): hits ≥ 1.5× RoutingKit, dead ends ≥ 1×, unknown first segments ≥ 0.5×: \(allMet ? "met" : "NOT met")")
