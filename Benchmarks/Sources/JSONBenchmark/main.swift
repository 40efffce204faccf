// Beagle JSON rendering against Foundation's JSONEncoder, in the same run.
//
// Both sides write the same 10,000-component screen: ScreenRegistry from its model
// (Screen → uniform tree → bytes), Foundation from an equivalent tree of Codable
// structs. Rounds alternate between the two; the medians are compared.
import BenchmarkSupport
import Foundation
import ScreenRegistry
import ScreenRendering

// MARK: The screen, in our model

let rows = 2_500  // each row: a container, a text, a button with an action, an image → 4 nodes
func makeScreen() -> Screen { rowsScreen(rows: rows, rowStyle: nil) }

// MARK: The same screen as Codable structs, the way a Swift service would otherwise write it

struct RouteJSON: Encodable { let url: String }
struct ActionJSON: Encodable {
    let _beagleAction_: String
    let route: RouteJSON
}
struct ImagePathJSON: Encodable {
    let _beagleImagePath_: String
    let url: String
}
enum ComponentJSON: Encodable {
    case text(TextJSON), button(ButtonJSON), image(ImageJSON), container(ContainerJSON)
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let value): try value.encode(to: encoder)
        case .button(let value): try value.encode(to: encoder)
        case .image(let value): try value.encode(to: encoder)
        case .container(let value): try value.encode(to: encoder)
        }
    }
}
struct TextJSON: Encodable {
    let _beagleComponent_ = "beagle:text"
    let text: String
    let alignment: String
}
struct ButtonJSON: Encodable {
    let _beagleComponent_ = "beagle:button"
    let text: String
    let onPress: [ActionJSON]
}
struct ImageJSON: Encodable {
    let _beagleComponent_ = "beagle:image"
    let path: ImagePathJSON
    let mode: String
}
struct ContainerJSON: Encodable {
    let _beagleComponent_ = "beagle:container"
    let children: [ComponentJSON]
}
struct NavigationBarJSON: Encodable { let title: String }
struct ScreenJSON: Encodable {
    let _beagleComponent_ = "beagle:screenComponent"
    let navigationBar: NavigationBarJSON
    let child: ComponentJSON
}

func makeCodableScreen() -> ScreenJSON {
    let children: [ComponentJSON] = (0..<rows).map { index in
        .container(ContainerJSON(children: [
            .text(TextJSON(text: "Row \(index) \"quoted\"", alignment: "CENTER")),
            .button(ButtonJSON(text: "Open \(index)", onPress: [
                ActionJSON(_beagleAction_: "beagle:pushView", route: RouteJSON(url: "/products/p\(index)")),
            ])),
            .image(ImageJSON(path: ImagePathJSON(_beagleImagePath_: "remote", url: "https://images.example.com/\(index).png"), mode: "CENTER_CROP")),
        ]))
    }
    return ScreenJSON(navigationBar: NavigationBarJSON(title: "Benchmark"), child: .container(ContainerJSON(children: children)))
}

// MARK: Measuring


let screen = makeScreen()
let node = screen.node
let codable = makeCodableScreen()
let encoder = JSONEncoder()
let renderer = BeagleJSONRenderer()

// The two outputs carry the same document (skipped when profiling one side).
let profiling = ProcessInfo.processInfo.environment["PROFILE"] != nil
if !profiling {
    let ours = try JSONSerialization.jsonObject(with: Data(renderer.renderBytes(node))) as? NSDictionary
    let theirs = try JSONSerialization.jsonObject(with: encoder.encode(codable)) as? NSDictionary
    guard let ours, let theirs, ours == theirs else {
        print("the two encodings differ; the comparison would be meaningless")
        exit(1)
    }
}

// `PROFILE=screen|node|foundation` runs one side alone, for callgrind.
if let side = ProcessInfo.processInfo.environment["PROFILE"] {
    for _ in 0..<3 {
        switch side {
        case "screen": blackHole(renderer.renderBytes(screen.node).count)
        case "node": blackHole(renderer.renderBytes(node).count)
        default: blackHole(try encoder.encode(codable).count)
        }
    }
    exit(0)
}

let rounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 9
let iterations = 10
var fromScreen: [Double] = [], fromNode: [Double] = [], foundation: [Double] = []
for _ in 0..<2 {  // warm-up
    _ = try measure(2) { try encoder.encode(codable).count }
    _ = measure(2) { renderer.renderBytes(screen.node).count }
}
for _ in 0..<rounds {
    fromScreen.append(measure(iterations) { renderer.renderBytes(screen.node).count })
    foundation.append(try measure(iterations) { try encoder.encode(codable).count })
    fromNode.append(measure(iterations) { renderer.renderBytes(node).count })
}

let size = renderer.renderBytes(node).count
print("Beagle JSON, a screen of \(rows * 4 + 2) nodes (\(size) bytes), \(rounds) interleaved rounds of \(iterations), medians:")
print(String(format: "  JSONEncoder (Codable structs)        %8.2f ms", median(foundation) / 1e6))
print(String(format: "  BeagleJSONRenderer, from the Screen  %8.2f ms   %5.2fx faster", median(fromScreen) / 1e6, median(foundation) / median(fromScreen)))
print(String(format: "  BeagleJSONRenderer, from the Node    %8.2f ms   %5.2fx faster", median(fromNode) / 1e6, median(foundation) / median(fromNode)))
print("  target: at least 2x faster than JSONEncoder: \(median(foundation) / median(fromScreen) >= 2 ? "met" : "MISSED")")
