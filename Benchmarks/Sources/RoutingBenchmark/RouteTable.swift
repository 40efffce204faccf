/// The route tables and lookup paths both routers are measured on.
///
/// One table, written once as components, is registered in both routers, so they
/// hold exactly the same routes. The mix is what an app's deep links look like:
/// literals, parameters and literal tails, some routes sharing long prefixes.
struct RouteTable {
    enum Component {
        case literal(String)
        case parameter(String)
    }

    /// Routes, in registration order; a route's index is RoutingKit's output.
    var routes: [[Component]] = []
    /// Paths that match route `expected`.
    var hits: [Probe] = []
    /// Paths whose first segment is registered nowhere.
    var unknownFirst: [Probe] = []
    /// Paths that follow a route for a while and then die, deep in the tree.
    var deadEnd: [Probe] = []

    /// One lookup: the whole path for ScreenRegistry, pre-split segments for RoutingKit.
    struct Probe {
        var path: String
        var segments: [String]
        /// The route it must match, or nil for a miss.
        var expected: Int?

        init(_ segments: [String], expected: Int?) {
            self.segments = segments
            self.path = "/" + segments.joined(separator: "/")
            self.expected = expected
        }
    }

    /// The pattern string ScreenRegistry registers for route `index`.
    func pattern(_ index: Int) -> String {
        routes[index].map { component in
            switch component {
            case .literal(let text): text
            case .parameter(let name): ":" + name
            }
        }.joined(separator: "/")
    }

    init(size: Int, probes: Int = 1_000) {
        for i in 0..<size {
            switch i % 5 {
            case 0: routes.append([.literal("r\(i)"), .parameter("id"), .literal("detail")])
            case 1: routes.append([.literal("shop"), .literal("c\(i)"), .literal("items")])
            case 2: routes.append([.literal("u\(i)"), .parameter("name")])
            case 3:
                routes.append([
                    .literal("api"), .literal("v1"), .literal("p\(i)"), .parameter("id"), .literal("reviews"),
                ])
            default: routes.append([.literal("shop"), .literal("c\(i)"), .parameter("item")])
            }
        }

        // A fixed pseudo-random sequence: the same probes on every run and for both routers.
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(size))
        for n in 0..<probes {
            let index = Int(random.next() % UInt64(size))
            let value = String(random.next() % 100_000)
            let i = index
            switch i % 5 {
            case 0:
                hits.append(Probe(["r\(i)", value, "detail"], expected: index))
                deadEnd.append(Probe(["r\(i)", value, "details"], expected: nil))
            case 1:
                hits.append(Probe(["shop", "c\(i)", "items"], expected: index))
                deadEnd.append(Probe(["shop", "c\(i)", "items", "all"], expected: nil))
            case 2:
                hits.append(Probe(["u\(i)", "user\(value)"], expected: index))
                deadEnd.append(Probe(["u\(i)", "user\(value)", "posts"], expected: nil))
            case 3:
                hits.append(Probe(["api", "v1", "p\(i)", value, "reviews"], expected: index))
                deadEnd.append(Probe(["api", "v1", "p\(i)", value, "review", "latest"], expected: nil))
            default:
                hits.append(Probe(["shop", "c\(i)", "sku\(value)"], expected: index))
                deadEnd.append(Probe(["shop", "c\(i)", "sku\(value)", "reviews"], expected: nil))
            }
            // Half are typos of a registered first segment, half are nothing like one.
            unknownFirst.append(
                n % 2 == 0
                    ? Probe(["q\(i)", value, "detail"], expected: nil)
                    : Probe(["missing-\(value)", "page"], expected: nil)
            )
        }
    }
}

/// A small deterministic generator (SplitMix64), so runs are repeatable.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
