// DivKit rendering against Foundation's JSONEncoder and DivKit's Python builders
// (pydivkit, divkit-rs), in the same run.
//
// Every side writes the same card for a 10,002-node screen: ScreenRegistry from its
// model (Screen → uniform tree → DivKit bytes), Foundation from an equivalent tree of
// Codable structs, the Python builders from their own div classes
// (Benchmarks/Python/divkit_builders.py, run in a virtual environment: PYTHON names its
// interpreter). Rounds alternate between the sides; the medians are compared. The card
// is compared without templates, since the others write none; the templated size is
// reported beside it.
import BenchmarkSupport
import Foundation
import ScreenRegistry
import ScreenRendering

// MARK: The screen, in our model

let rows = 2_500  // each row: a container, a text, a button with an action, an image → 4 nodes
func makeScreen() -> Screen { rowsScreen(rows: rows) }

// MARK: The same card as Codable structs, the way a Swift service would otherwise write it

struct Insets: Encodable { let left = 16, top = 12, right = 16, bottom = 12 }
struct Payload: Encodable { let navigation = "pushView" }
struct ActionJSON: Encodable {
    let log_id = "pushView"
    let url: String
    let payload = Payload()
}
struct Accessibility: Encodable { let type = "button" }
enum DivJSON: Encodable {
    case text(TextJSON), button(ButtonJSON), image(ImageJSON), container(ContainerJSON), title(TitleJSON)
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let value): try value.encode(to: encoder)
        case .button(let value): try value.encode(to: encoder)
        case .image(let value): try value.encode(to: encoder)
        case .container(let value): try value.encode(to: encoder)
        case .title(let value): try value.encode(to: encoder)
        }
    }
}
struct TitleJSON: Encodable {
    let type = "text"
    let text: String
    let font_size = 20
    let font_weight = "bold"
    let paddings = Insets()
}
struct TextJSON: Encodable {
    let type = "text"
    let text: String
    let text_alignment_horizontal = "center"
}
struct ButtonJSON: Encodable {
    let type = "text"
    let text: String
    let actions: [ActionJSON]
    let paddings = Insets()
    let accessibility = Accessibility()
}
struct ImageJSON: Encodable {
    let type = "image"
    let image_url: String
    let scale = "fill"
}
struct ContainerJSON: Encodable {
    let type = "container"
    let orientation: String
    let items: [DivJSON]
}
struct StateJSON: Encodable {
    let state_id = 0
    let div: DivJSON
}
struct CardJSON: Encodable {
    let log_id = "screen"
    let states: [StateJSON]
}
struct Empty: Encodable {}
struct DocumentJSON: Encodable {
    let templates = Empty()
    let card: CardJSON
}

func makeCodableCard() -> DocumentJSON {
    let items: [DivJSON] = (0..<rows).map { index in
        .container(ContainerJSON(orientation: "horizontal", items: [
            .text(TextJSON(text: "Row \(index) \"quoted\"")),
            .button(ButtonJSON(text: "Open \(index)", actions: [ActionJSON(url: "myapp://products/p\(index)")])),
            .image(ImageJSON(image_url: "https://images.example.com/\(index).png")),
        ]))
    }
    let screen = DivJSON.container(ContainerJSON(orientation: "vertical", items: [
        .title(TitleJSON(text: "Benchmark")), .container(ContainerJSON(orientation: "vertical", items: items)),
    ]))
    return DocumentJSON(card: CardJSON(states: [StateJSON(div: screen)]))
}

// MARK: Measuring

/// Runs the Python builders once: their median milliseconds by name.
func python(_ interpreter: String, iterations: Int, dump: String? = nil) throws -> [String: Double] {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Python/divkit_builders.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: interpreter)
    process.arguments = [script, String(rows), String(iterations)] + (dump.map { [$0] } ?? [])
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var result: [String: Double] = [:]
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ")
        if fields.count == 3, let milliseconds = Double(fields[1]) { result[String(fields[0])] = milliseconds }
    }
    return result
}

let screen = makeScreen()
let codable = makeCodableCard()
let encoder = JSONEncoder()
let renderer = DivKitRenderer(usesTemplates: false)
let templating = DivKitRenderer()
let interpreter = ProcessInfo.processInfo.environment["PYTHON"]

if let side = ProcessInfo.processInfo.environment["PROFILE"] {  // one side alone, for callgrind
    for _ in 0..<3 {
        blackHole(side == "foundation" ? try encoder.encode(codable).count : renderer.renderBytes(screen.node).count)
    }
    exit(0)
}

// The sides write the same card.
let ourCard = try JSONSerialization.jsonObject(with: Data(renderer.renderBytes(screen.node))) as? NSDictionary
let theirs = try JSONSerialization.jsonObject(with: encoder.encode(codable)) as? NSDictionary
guard let ourCard, ourCard == theirs else {
    print("JSONEncoder's card differs from DivKitRenderer's; the comparison would be meaningless")
    exit(1)
}
if let interpreter {
    let dump = FileManager.default.temporaryDirectory.appendingPathComponent("divkit-bench-\(getpid()).json")
    _ = try python(interpreter, iterations: 1, dump: dump.path)
    let python = try JSONSerialization.jsonObject(with: Data(contentsOf: dump)) as? NSDictionary
    try? FileManager.default.removeItem(at: dump)
    guard python == ourCard else {
        print("pydivkit's card differs from DivKitRenderer's; the comparison would be meaningless")
        exit(1)
    }
}

let rounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 15
let iterations = 10
let node = screen.node
var plain: [Double] = [], fromNode: [Double] = [], templated: [Double] = [], foundation: [Double] = []
var pydivkit: [Double] = [], divkitRS: [Double] = []
for _ in 0..<2 {  // warm-up
    _ = try measure(2) { try encoder.encode(codable).count }
    _ = measure(2) { renderer.renderBytes(screen.node).count }
}
// Each round starts with a different side, so that no side always runs first after the
// Python process has evicted the caches.
let sides: [() throws -> Void] = [
    { plain.append(measure(iterations) { renderer.renderBytes(screen.node).count }) },
    { foundation.append(try measure(iterations) { try encoder.encode(codable).count }) },
    { templated.append(measure(iterations) { templating.renderBytes(screen.node).count }) },
    { fromNode.append(measure(iterations) { renderer.renderBytes(node).count }) },
]
for round in 0..<rounds {
    for offset in sides.indices { try sides[(round + offset) % sides.count]() }
    if let interpreter {
        let times = try python(interpreter, iterations: 3)
        if let time = times["pydivkit"] { pydivkit.append(time * 1e6) }
        if let time = times["divkit-rs"] { divkitRS.append(time * 1e6) }
    }
}

let size = renderer.renderBytes(screen.node).count
let templatedSize = templating.renderBytes(screen.node).count
print("DivKit, a card for a screen of \(rows * 4 + 2) nodes, \(rounds) interleaved rounds, medians:")
print("  size: \(size) bytes without templates, \(templatedSize) with (\(String(format: "%.0f", 100 * Double(templatedSize) / Double(size)))%)")
let ours = median(plain)
func line(_ name: String, _ nanoseconds: Double, against ours: Double) {
    print(String(format: "  %@ %9.2f ms   ours %6.2fx faster", name.padding(toLength: 42, withPad: " ", startingAt: 0) as NSString, nanoseconds / 1e6, nanoseconds / ours))
}
print(String(format: "  %@ %9.2f ms", "DivKitRenderer, no templates".padding(toLength: 42, withPad: " ", startingAt: 0) as NSString, median(plain) / 1e6))
print(String(format: "  %@ %9.2f ms", "DivKitRenderer, templates".padding(toLength: 42, withPad: " ", startingAt: 0) as NSString, median(templated) / 1e6))
print(String(format: "  %@ %9.2f ms   %6.2fx faster than JSONEncoder", "DivKitRenderer, no templates, from a Node".padding(toLength: 42, withPad: " ", startingAt: 0) as NSString,
             median(fromNode) / 1e6, median(foundation) / median(fromNode)))
line("JSONEncoder (Codable structs)", median(foundation), against: ours)
if interpreter != nil {
    line("pydivkit (build + json.dumps)", median(pydivkit), against: ours)
    line("divkit-rs (build + json.dumps)", median(divkitRS), against: ours)
}
let againstFoundation = median(foundation) / ours
let againstRust = interpreter == nil ? Double.nan : median(divkitRS) / ours
print("  target: at least 2x faster than JSONEncoder (\(againstFoundation >= 2 ? "met" : "MISSED")) and faster than divkit-rs (\(againstRust > 1 ? "met" : interpreter == nil ? "not measured: set PYTHON" : "MISSED"))")
