// HXMLRenderer against a plain xmlTextWriter loop writing the same elements (issue 18).
//
// Both sides write the same document for a 10,002-node screen, from the same prebuilt
// uniform tree, compact: ScreenRegistry through its mapping (style table, behaviors,
// comments, fragments), the floor as a loop that knows the screen's shape and writes its
// elements straight through libxml2's xmlTextWriter into an xmlBuffer. Before measuring,
// the benchmark checks that the two documents are the same bytes. Rounds alternate
// between the sides, each round starting with a different one; the medians are compared.
// The other formats of the same tree are timed beside them, for reference.
import BenchmarkSupport
import LibXML2
import Foundation
import ScreenRegistry
import ScreenRendering

let rows = 2_500  // each row: a container, a text, a button with an action, an image → 4 nodes
let screen = rowsScreen(rows: rows)
let node = screen.node

// MARK: The floor

func x(_ pointer: UnsafePointer<CChar>) -> UnsafePointer<xmlChar> {
    UnsafeRawPointer(pointer).assumingMemoryBound(to: xmlChar.self)
}

/// The string value of property `name`, or of the `url` of the node under it.
func string(_ node: Node, _ name: String) -> String {
    switch node[property: name] {
    case .string(let text)?: text
    case .node(let child)?: string(child, "url")
    case .list(let items)?: items.first.flatMap { if case .node(let action) = $0 { string(action, "route") } else { nil } } ?? ""
    default: ""
    }
}

/// The document, element by element, knowing the screen's shape: no mapping decisions.
func plainWriter(_ root: Node) -> [UInt8] {
    guard let buffer = xmlBufferCreate() else { return [] }
    defer { xmlBufferFree(buffer) }
    guard let writer = xmlNewTextWriterMemory(buffer, 0) else { return [] }
    func start(_ name: StaticString) { _ = xmlTextWriterStartElement(writer, name.utf8Start) }
    func attribute(_ name: StaticString, _ value: String) {
        _ = value.withCString { xmlTextWriterWriteAttribute(writer, name.utf8Start, x($0)) }
    }
    func text(_ value: String) { _ = value.withCString { xmlTextWriterWriteString(writer, x($0)) } }
    func end() { _ = xmlTextWriterEndElement(writer) }
    _ = xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
    start("doc")
    attribute("xmlns", HXMLRenderer.namespace)
    _ = xmlTextWriterWriteAttribute(writer, x("xmlns:alert"), x(HXMLRenderer.alertNamespace))
    _ = xmlTextWriterWriteAttribute(writer, x("xmlns:sr"), x(HXMLRenderer.customNamespace))
    start("screen")
    start("styles")
    start("style"); attribute("id", "s0"); attribute("flexDirection", "row"); end()
    start("style"); attribute("id", "s1"); attribute("textAlign", "center"); end()
    end()
    start("body")
    if case .node(let bar)? = root[property: "navigationBar"] {
        start("header"); start("text"); text(string(bar, "title")); end(); end()
    }
    start("view")
    if case .node(let content)? = root[property: "child"], case .list(let items)? = content[property: "children"] {
        for case .node(let row) in items {
            guard case .list(let cells)? = row[property: "children"], cells.count == 3,
                  case .node(let label) = cells[0], case .node(let button) = cells[1], case .node(let image) = cells[2]
            else { continue }
            start("view"); attribute("style", "s0")
            start("text"); attribute("style", "s1"); text(string(label, "text")); end()
            start("view")
            start("text"); text(string(button, "text")); end()
            start("behavior"); attribute("trigger", "press"); attribute("action", "push"); attribute("href", string(button, "onPress")); end()
            end()
            start("image"); attribute("style", ""); attribute("source", string(image, "path")); attribute("resizeMode", "cover"); end()
            end()
        }
    }
    end(); end(); end(); end()
    _ = xmlTextWriterEndDocument(writer)
    xmlFreeTextWriter(writer)
    guard let content = xmlBufferContent(buffer) else { return [] }
    return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
}

// MARK: Measuring

let renderer = HXMLRenderer(compact: true)
if let side = ProcessInfo.processInfo.environment["PROFILE"] {  // one side alone, for callgrind
    let repeats = Int(ProcessInfo.processInfo.environment["REPEATS"] ?? "") ?? 3  // more for a sampling profiler
    for _ in 0..<repeats { blackHole(side == "plain" ? plainWriter(node).count : try renderer.renderBytes(node).count) }
    exit(0)
}
let ours = try renderer.renderBytes(node)
let floor = plainWriter(node)
guard ours == floor else {
    print("the plain loop's document differs from HXMLRenderer's; the comparison would be meaningless")
    print(String(decoding: ours.prefix(600), as: UTF8.self))
    print(String(decoding: floor.prefix(600), as: UTF8.self))
    exit(1)
}

let rounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 15
let iterations = 10
var fromNode: [Double] = [], fromScreen: [Double] = [], plain: [Double] = [], indented: [Double] = []
var xml: [Double] = [], beagle: [Double] = [], divkit: [Double] = []
let indenting = HXMLRenderer()
// The other formats of the same tree, beside it (not part of the target).
let xmlRenderer = XMLRenderer(compact: true), beagleRenderer = BeagleJSONRenderer()
let divKitRenderer = DivKitRenderer(usesTemplates: false)
for _ in 0..<2 {  // warm-up
    _ = measure(2) { plainWriter(node).count }
    _ = try measure(2) { try renderer.renderBytes(node).count }
}
let sides: [() throws -> Void] = [
    { fromNode.append(try measure(iterations) { try renderer.renderBytes(node).count }) },
    { plain.append(measure(iterations) { plainWriter(node).count }) },
    { fromScreen.append(try measure(iterations) { try renderer.renderBytes(screen.node).count }) },
    { indented.append(try measure(iterations) { try indenting.renderBytes(node).count }) },
    { xml.append(try measure(iterations) { try xmlRenderer.renderBytes(node).count }) },
    { beagle.append(measure(iterations) { beagleRenderer.renderBytes(node).count }) },
    { divkit.append(measure(iterations) { divKitRenderer.renderBytes(node).count }) },
]
// The target's two sides also run as pairs, back to back, in alternating order: a pair's
// ratio is free of the drift between rounds (whatever else the machine is doing), and
// the median of those ratios is the figure compared with the target.
var pairRatios: [Double] = []
let pairsPerRound = 3
for round in 0..<rounds {
    for offset in sides.indices { try sides[(round + offset) % sides.count]() }
    for extra in 0..<pairsPerRound {
        var oursTime = 0.0, plainTime = 0.0
        if (round * pairsPerRound + extra).isMultiple(of: 2) {
            oursTime = try measure(iterations) { try renderer.renderBytes(node).count }
            plainTime = measure(iterations) { plainWriter(node).count }
        } else {
            plainTime = measure(iterations) { plainWriter(node).count }
            oursTime = try measure(iterations) { try renderer.renderBytes(node).count }
        }
        pairRatios.append(oursTime / plainTime)
    }
}
func line(_ name: String, _ nanoseconds: Double) {
    print(String(format: "  %@ %9.2f ms", name.padding(toLength: 44, withPad: " ", startingAt: 0) as NSString, nanoseconds / 1e6))
}
print("HXML, a document for a screen of \(rows * 4 + 2) nodes (\(ours.count) bytes compact), \(rounds) interleaved rounds, medians:")
line("plain xmlTextWriter loop (the floor)", median(plain))
line("HXMLRenderer, compact, from a Node", median(fromNode))
line("HXMLRenderer, compact, from the Screen", median(fromScreen))
line("HXMLRenderer, indented, from a Node", median(indented))
print("  the same Node in the other formats:")
line("XMLRenderer, compact", median(xml))
line("BeagleJSONRenderer", median(beagle))
line("DivKitRenderer, no templates", median(divkit))
let ratio = median(pairRatios)
print(String(format: "  HXMLRenderer / plain loop: %.2fx (ratio of the medians above: %.2fx)", ratio, median(fromNode) / median(plain)))
print(String(format: "  the median of %d back-to-back pairs, %.2fx to %.2fx; target: within 1.3x (%@)",
             pairRatios.count, pairRatios.min() ?? .nan, pairRatios.max() ?? .nan, ratio <= 1.3 ? "met" : "MISSED"))
