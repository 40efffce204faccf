// XML rendering benchmark (issue 3).
//
// Writes the same 10,000-node screen four ways, in interleaved rounds, and compares
// the medians:
//   - XMLRenderer (compact), the library;
//   - a plain xmlTextWriter loop writing the same elements straight from the tree (the floor);
//   - a plain tree-API loop (xmlNewDocNode / xmlNewTextChild / xmlNewProp, then
//     xmlDocDumpFormatMemoryEnc), to choose between libxml2's two ways of writing;
//   - Foundation's XMLDocument building and serialising the same elements.
// Before timing, it checks that the outputs are equivalent: the two plain loops must
// give XMLRenderer's bytes exactly, Foundation's must parse to the same canonical form.
// Then, in a fresh child process, peak memory while rendering a 100,000-node screen.
//
//   swift run -c release XMLBenchmark [rounds]     # everything (41 rounds by default)
//   XMLBenchmark memory [string|bytes] [nodes]     # peak memory only (one fresh process)
//   XMLBenchmark profile renderer|bytes|writer|tree|foundation [passes]
//                                                  # the work only, for valgrind --tool=callgrind
import LibXML2
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ScreenRegistry
import ScreenRendering

// MARK: The screen

/// One row: container, text, button, pushView, route, image, remote path (7 nodes).
func row(_ index: Int) -> any Component {
    Container {
        Text("Row \(index) & <more>", styleId: "body")
        Button("Open \(index)", enabled: true, action: .navigate(to: "/products/\(index)"))
        Image(url: "https://images.example.com/\(index).png", mode: .fitCenter)
    }
}

/// A screen of exactly `nodes` nodes of the uniform tree: rows, then single texts to
/// make up the count.
func makeScreen(nodes: Int) -> Node {
    let fixed = countNodes(Screen(navigationBar: NavigationBar(title: "Benchmark"), children: [row(0), row(1)]).node)
        - 2 * countNodes(row(0).node)  // screen, navigation bar, the wrapping container
    let perRow = countNodes(row(0).node)
    let rows = (nodes - fixed) / perRow
    var children: [any Component] = (0..<rows).map(row)
    for index in 0..<(nodes - fixed - rows * perRow) { children.append(Text("Extra \(index)")) }
    return Screen(navigationBar: NavigationBar(title: "Benchmark"), children: children).node
}

func countNodes(_ node: Node) -> Int {
    1 + node.properties.reduce(0) { $0 + countNodes($1.value) }
}

func countNodes(_ value: Node.Value) -> Int {
    switch value {
    case .node(let node): countNodes(node)
    case .list(let items): items.reduce(0) { $0 + countNodes($1) }
    default: 0
    }
}

// MARK: The dialect, reduced to what this screen uses

func scalarText(_ value: Node.Value) -> String? {
    switch value {
    case .string(let text): text
    case .int(let number): String(number)
    case .double(let number): number.description
    case .bool(let flag): flag ? "true" : "false"
    default: nil
    }
}

func shortName(_ node: Node) -> String {
    node.type.hasPrefix("beagle:") ? String(node.type.dropFirst(7)) : node.type.isEmpty ? "object" : node.type
}

/// Calls `body` with the element name of a typed node as a C string, without copying:
/// `beagle:text` is `text`, an image path is its type (`remote`).
func withElementName<R>(_ node: Node, _ body: (UnsafePointer<xmlChar>) -> R) -> R {
    let skip = node.kind == .component || node.kind == .action ? 7 : 0  // "beagle:"
    return node.type.withCString { body(xml($0 + skip)) }
}

/// A Text's text is character data; every other scalar is an attribute.
func isCharacterData(_ node: Node, _ property: Node.Property) -> Bool {
    node.type == "beagle:text" && property.name == "text"
}

let namespace = "urn:screenregistry:screen:1"

@inline(__always)
func xml(_ pointer: UnsafePointer<CChar>) -> UnsafePointer<xmlChar> {
    UnsafeRawPointer(pointer).assumingMemoryBound(to: xmlChar.self)
}

// MARK: The floor: xmlTextWriter

/// The same elements and attributes straight through xmlTextWriter into an xmlBuffer.
func plainWriter(_ root: Node) -> String {
    guard let buffer = xmlBufferCreate() else { return "" }
    defer { xmlBufferFree(buffer) }
    guard let writer = xmlNewTextWriterMemory(buffer, 0) else { return "" }
    _ = xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
    func element(_ node: Node, name: UnsafePointer<xmlChar>, isRoot: Bool = false) {
        _ = xmlTextWriterStartElement(writer, name)
        if isRoot { _ = xmlTextWriterWriteAttribute(writer, xml("xmlns"), xml(namespace)) }
        var characterData: String?
        for property in node.properties {
            guard let text = scalarText(property.value) else { continue }
            if isCharacterData(node, property) {
                characterData = text
            } else {
                _ = property.name.withCString { n in
                    text.withCString { v in xmlTextWriterWriteAttribute(writer, xml(n), xml(v)) }
                }
            }
        }
        if let characterData { _ = characterData.withCString { xmlTextWriterWriteString(writer, xml($0)) } }
        for property in node.properties {
            switch property.value {
            case .node(let child) where child.kind == .object:
                property.name.withCString { element(child, name: xml($0)) }
            case .node(let child):
                _ = property.name.withCString { xmlTextWriterStartElement(writer, xml($0)) }
                withElementName(child) { element(child, name: $0) }
                _ = xmlTextWriterEndElement(writer)
            case .list(let items):
                _ = property.name.withCString { xmlTextWriterStartElement(writer, xml($0)) }
                for case .node(let child) in items { withElementName(child) { element(child, name: $0) } }
                _ = xmlTextWriterEndElement(writer)
            default: break
            }
        }
        _ = xmlTextWriterEndElement(writer)
    }
    withElementName(root) { element(root, name: $0, isRoot: true) }
    _ = xmlTextWriterEndDocument(writer)
    xmlFreeTextWriter(writer)
    guard let content = xmlBufferContent(buffer) else { return "" }
    return String(decoding: UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))), as: UTF8.self)
}

// MARK: The tree API

/// The same elements built as an xmlDoc, then serialised in one call.
func plainTree(_ root: Node) -> String {
    guard let document = xmlNewDoc(xml("1.0")) else { return "" }
    defer { xmlFreeDoc(document) }
    func fill(_ element: xmlNodePtr, _ node: Node) {
        for property in node.properties {
            guard let text = scalarText(property.value), !isCharacterData(node, property) else { continue }
            _ = property.name.withCString { n in text.withCString { v in xmlNewProp(element, xml(n), xml(v)) } }
        }
        for property in node.properties {
            if isCharacterData(node, property), let text = scalarText(property.value) {
                text.withCString { xmlNodeAddContent(element, xml($0)) }
            }
        }
        for property in node.properties {
            switch property.value {
            case .node(let child) where child.kind == .object:
                if let item = property.name.withCString({ xmlNewChild(element, nil, xml($0), nil) }) { fill(item, child) }
            case .node(let child):
                let wrapper = property.name.withCString { xmlNewChild(element, nil, xml($0), nil) }
                if let wrapper, let item = withElementName(child, { xmlNewChild(wrapper, nil, $0, nil) }) {
                    fill(item, child)
                }
            case .list(let items):
                guard let wrapper = property.name.withCString({ xmlNewChild(element, nil, xml($0), nil) }) else { continue }
                for case .node(let child) in items {
                    if let item = withElementName(child, { xmlNewChild(wrapper, nil, $0, nil) }) { fill(item, child) }
                }
            default: break
            }
        }
    }
    guard let element = withElementName(root, { xmlNewDocNode(document, nil, $0, nil) }) else { return "" }
    xmlDocSetRootElement(document, element)
    xmlSetNs(element, xmlNewNs(element, xml(namespace), nil))
    fill(element, root)
    var memory: UnsafeMutablePointer<xmlChar>?
    var size: Int32 = 0
    xmlDocDumpFormatMemoryEnc(document, &memory, &size, "UTF-8", 0)
    guard let memory else { return "" }
    defer { bench_xmlFree(memory) }
    return String(decoding: UnsafeBufferPointer(start: memory, count: Int(size)), as: UTF8.self)
}

// MARK: Foundation

/// Foundation: build an XMLDocument of the same elements, then serialise it.
func foundationDocument(_ root: Node) -> String {
    func build(_ node: Node, name: String) -> XMLElement {
        let element = XMLElement(name: name)
        for property in node.properties {
            guard let text = scalarText(property.value) else { continue }
            if isCharacterData(node, property) {
                element.addChild(XMLNode.text(withStringValue: text) as? XMLNode ?? XMLNode(kind: .text))
            } else if let attribute = XMLNode.attribute(withName: property.name, stringValue: text) as? XMLNode {
                element.addAttribute(attribute)
            }
        }
        for property in node.properties {
            switch property.value {
            case .node(let child) where child.kind == .object:
                element.addChild(build(child, name: property.name))
            case .node(let child):
                let wrapper = XMLElement(name: property.name)
                wrapper.addChild(build(child, name: shortName(child)))
                element.addChild(wrapper)
            case .list(let items):
                let wrapper = XMLElement(name: property.name)
                for case .node(let child) in items { wrapper.addChild(build(child, name: shortName(child))) }
                element.addChild(wrapper)
            default: break
            }
        }
        return element
    }
    let rootElement = build(root, name: shortName(root))
    if let declaration = XMLNode.namespace(withName: "", stringValue: namespace) as? XMLNode {
        rootElement.addNamespace(declaration)
    }
    let document = XMLDocument(rootElement: rootElement)
    document.characterEncoding = "UTF-8"
    return document.xmlString
}

// MARK: Equivalence

/// libxml2's own serialisation of a parsed document's root element: equal for
/// equivalent documents whatever the escaping, quoting, empty-element and declaration
/// choices (Foundation declares `standalone="no"` and writes `<a></a>`).
func canonical(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
        guard let base = bytes.baseAddress else { return nil }
        let document = UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            xmlReadMemory($0, Int32(bytes.count), nil, "UTF-8", Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue))
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document), let buffer = xmlBufferCreate() else { return nil }
        defer { xmlBufferFree(buffer) }
        guard xmlNodeDump(buffer, document, root, 0, 0) >= 0, let content = xmlBufferContent(buffer) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))), as: UTF8.self)
    }
}

func checkEquivalent(_ node: Node) -> Bool {
    guard let ours = try? XMLRenderer(compact: true).render(node),
          let bytes = try? XMLRenderer(compact: true).renderBytes(node) else {
        print("check: XMLRenderer failed"); return false
    }
    var ok = true
    func same(_ name: String, _ other: String, exact: Bool) {
        let equal = exact ? other == ours : canonical(other).map { $0 == canonical(ours) } ?? false
        print("check: \(name) \(equal ? (exact ? "byte-identical to" : "equivalent to") : "DIFFERS from") XMLRenderer")
        if !equal { ok = false }
    }
    same("renderBytes", String(decoding: bytes, as: UTF8.self), exact: true)
    same("plain xmlTextWriter loop", plainWriter(node), exact: true)
    same("plain tree-API loop", plainTree(node), exact: true)
    same("Foundation XMLDocument", foundationDocument(node), exact: false)
    return ok
}

// MARK: Measuring

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Nanoseconds of CPU time this thread has used (user and system, page faults
/// included): on a shared machine, time other processes take is not counted.
func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

func minorFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt
}

/// One run of `body`: thread CPU ms, wall-clock ms, page faults.
func measure(_ body: () -> Int) -> (cpu: Double, wall: Double, faults: Int) {
    let faultsBefore = minorFaults()
    let wallStart = DispatchTime.now().uptimeNanoseconds
    let cpuStart = threadCPUNanoseconds()
    let size = body()
    let cpu = Double(threadCPUNanoseconds() - cpuStart) / 1e6
    let wall = Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e6
    if size == 0 { print("empty output") }
    return (cpu, wall, minorFaults() - faultsBefore)
}

/// A field of /proc/self/status in bytes ("VmRSS", "VmHWM").
func procStatus(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
        return (kilobytes ?? -1) * 1024
    }
    return -1
}

/// glibc's `malloc_trim` (not in the Glibc module).
@_silgen_name("malloc_trim")
func mallocTrim(_ pad: Int) -> Int32

/// Resets the kernel's peak resident size (VmHWM) to the current one (Linux ≥ 4.0).
func resetPeakRSS() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(file) }
    return fputs("5", file) >= 0
}

/// Renders a fresh `nodes`-node screen once, in this process, and reports the peak
/// resident memory above the resident size just before rendering: the tree itself is
/// not counted, the output is. Free heap is returned to the system first
/// (`malloc_trim`), so that rendering cannot hide in pages the tree building freed.
func measureMemory(nodes: Int, asBytes: Bool) {
    let node = makeScreen(nodes: nodes)
    let renderer = XMLRenderer(compact: true)
    _ = mallocTrim(0)
    guard resetPeakRSS() else {
        print("memory: cannot reset the peak resident size (/proc/self/clear_refs)")
        return
    }
    let baseline = procStatus("VmRSS")
    let size: Int
    if asBytes {
        let output = (try? renderer.renderBytes(node)) ?? []
        size = output.count
    } else {
        let output = (try? renderer.render(node)) ?? ""
        size = output.utf8.count
    }
    let growth = procStatus("VmHWM") - baseline
    print("memory, \(asBytes ? "renderBytes" : "render     "): \(countNodes(node)) nodes, output \(size) bytes, "
        + "peak RSS above the pre-render resident size \(growth) bytes = "
        + String(format: "%.2f", Double(growth) / Double(size)) + "× the output (target < 3×)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
xmlInitParser()

if arguments.first == "memory" {
    measureMemory(nodes: arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000, asBytes: arguments.dropFirst().first == "bytes")
    exit(0)
}

let node = makeScreen(nodes: 10_000)

if arguments.first == "profile" {
    let which = arguments.dropFirst().first ?? "renderer"
    let passes = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
    var total = 0
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let faults = usage.ru_minflt
    let start = threadCPUNanoseconds()
    for _ in 0..<passes {
        switch which {
        case "bytes": total += ((try? XMLRenderer(compact: true).renderBytes(node)) ?? []).count
        case "writer": total += plainWriter(node).utf8.count
        case "tree": total += plainTree(node).utf8.count
        case "foundation": total += foundationDocument(node).utf8.count
        default: total += ((try? XMLRenderer(compact: true).render(node)) ?? "").utf8.count
        }
    }
    let elapsed = Double(threadCPUNanoseconds() - start) / 1e6 / Double(passes)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print("\(which): \(passes) passes, \(total) bytes, " + String(format: "%.2f ms", elapsed)
        + " and \((usage.ru_minflt - faults) / passes) page faults a pass")
    exit(0)
}

let outputSize = ((try? XMLRenderer(compact: true).render(node)) ?? "").utf8.count
print("screen: \(countNodes(node)) nodes, \(outputSize) bytes of compact XML")
guard checkEquivalent(node) else {
    print("the outputs differ: no timing")
    exit(1)
}

let rounds = arguments.first.flatMap { Int($0) } ?? 41
let variants: [(String, () -> Int)] = [
    ("XMLRenderer.render (String)", { ((try? XMLRenderer(compact: true).render(node)) ?? "").utf8.count }),
    ("XMLRenderer.renderBytes ([UInt8])", { ((try? XMLRenderer(compact: true).renderBytes(node)) ?? []).count }),
    ("plain xmlTextWriter loop", { plainWriter(node).utf8.count }),
    ("plain tree-API loop", { plainTree(node).utf8.count }),
    ("Foundation XMLDocument", { foundationDocument(node).utf8.count }),
]
var cpu = Array(repeating: [Double](), count: variants.count)
var wall = Array(repeating: [Double](), count: variants.count)
var faults = Array(repeating: [Double](), count: variants.count)
for _ in 0..<3 { for variant in variants { _ = variant.1() } }
// Interleaved, in a new random order each round: no variant always runs first or
// always follows the same one (Foundation leaves the caches and the heap cold).
var order = Array(variants.indices)
var generator = SystemRandomNumberGenerator()
for _ in 0..<rounds {
    order.shuffle(using: &generator)
    for index in order {
        let time = measure(variants[index].1)
        cpu[index].append(time.cpu)
        wall[index].append(time.wall)
        faults[index].append(Double(time.faults))
    }
}
let medians = cpu.map(median)
print("\(rounds) interleaved rounds; medians of thread CPU time, wall-clock time and page faults a run")
for (index, variant) in variants.enumerated() {
    print("  " + variant.0.padding(toLength: 36, withPad: " ", startingAt: 0)
        + String(format: "%8.2f ms   wall %7.2f ms   %5.0f faults", medians[index], median(wall[index]), median(faults[index])))
}
let (render, bytes, writer, tree, foundation) = (medians[0], medians[1], medians[2], medians[3], medians[4])
func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }
print(String(format: "tree API / xmlTextWriter loop          %6.2f×", tree / writer))
print(String(format: "XMLRenderer.render / writer loop       %6.2f×  (target ≤ 1.3×) ", render / writer) + verdict(render / writer <= 1.3))
print(String(format: "XMLRenderer.renderBytes / writer loop  %6.2f×  (target ≤ 1.3×) ", bytes / writer) + verdict(bytes / writer <= 1.3))
print(String(format: "Foundation / XMLRenderer.render        %6.2f×  (target ≥ 5×) ", foundation / render) + verdict(foundation / render >= 5))

// Peak memory in fresh processes, so this run's allocations do not count.
fflush(nil)  // the children write to the same standard output
for mode in ["string", "bytes"] {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    child.arguments = ["memory", mode, "100000"]
    do {
        try child.run()
        child.waitUntilExit()
    } catch {
        print("memory: could not start a child process: \(error)")
    }
}
