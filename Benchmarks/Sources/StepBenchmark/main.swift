// One step of a rendered request, alone, in a loop: what each step of the service's core
// costs, for callgrind (`STEPS=1 Benchmarks/request-instructions.sh`). The steps are those
// of `ScreenAnswer.render` for a client that names nothing but its format, as
// ServiceBenchmark's request does:
//
//   screen   the screen built: the match's screen type made and its `screen()` run (the DSL)
//   node     the built screen turned into the node tree (`Screen.node`), and that tree freed
//   fit      the node tree fitted to the client (`ClientFit.fit`)
//   render   the fitted tree written in the format (`renderBytes`)
//
//   .build-bench/release/StepBenchmark [iterations] [screen|node|fit|render] [format] [target]
//
// Each step starts from what the one before it made once, before the loop.
import BenchmarkSupport
import ScreenRegistry
import ScreenRendering
import Screens

let arguments = CommandLine.arguments
let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 200 : 200
let step = arguments.count > 2 ? arguments[2] : "render"
let formatName = arguments.count > 3 ? arguments[3] : "json"
let target = arguments.count > 4 ? arguments[4] : "/profile/42"
guard let format = ScreenFormat(rawValue: formatName), ["screen", "node", "fit", "render"].contains(step) else {
    fatalError("usage: StepBenchmark [iterations] [screen|node|fit|render] [format] [target]")
}

/// The loop; its sum of sizes keeps each step's result alive until it is read.
@Sendable func run(_ iterations: Int, _ step: String, _ format: ScreenFormat, _ target: String) async throws {
    let registry = Catalog.registry
    let match = try registry.resolve(target)
    let fit = ClientFit(ClientProfile(format: format), appComponents: registry.appComponents)
    let renderer = format.renderer()
    let screen = try await registry.screen(for: match)
    let node = screen.node
    let fitted = try fit.fit(node)
    var sum = 0
    for _ in 0...iterations {  // one more than asked: the first fills the runtime's caches
        switch step {
        case "screen": sum &+= try await registry.screen(for: match).children.count
        case "node": sum &+= screen.node.properties.count
        case "fit": sum &+= try fit.fit(node).properties.count
        default: sum &+= try renderer.renderBytes(fitted).count
        }
    }
    print("\(iterations) × \(step) of \(target) as \(format.rawValue): \(sum)")
}

let executor = InlineExecutor()
Task.detached(executorPreference: executor) {
    do {
        try await run(iterations, step, format, target)
    } catch {
        // A count of a run that failed is no count: stop with a status the script sees.
        fatalError("failed: \(error)")
    }
}
executor.drain()
