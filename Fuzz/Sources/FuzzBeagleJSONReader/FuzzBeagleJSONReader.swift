// libFuzzer target: BeagleJSONReader on arbitrary bytes, then the imported tree written
// as Beagle JSON, XML, text and DivKit JSON (what `screen-registry import` does).
//
// BeagleJSONError and XMLRenderError are expected answers. Two documented properties
// are checked: the JSON the renderer writes for an imported tree reads back (README,
// Beagle JSON: "Output is valid JSON for any string"), and its HXML document, and the
// fragment of its first component with an id, are well-formed XML (README, Hyperview).
import FuzzSupport
import ScreenRegistry
import ScreenRendering

private let reader = BeagleJSONReader()
private let renderer = BeagleJSONRenderer()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let node = try? reader.read(bytes) else { return 0 }
    let json = renderer.render(node)
    do {
        _ = try reader.read(json)
    } catch {
        fatalError("PROPERTY: the reader refuses the renderer's output: \(error)\n\(json)")
    }
    _ = try? XMLRenderer().render(node)
    _ = try? ScreenFormat.text.render(node)
    // DivKit writes bindings as its getters and operators, reading each body's terms.
    _ = try? ScreenFormat.divkit.render(node)
    let hxml = HXMLRenderer(compact: true)
    if let document = try? hxml.renderBytes(node) { checkWellFormed(document, "HXML document") }
    if let id = firstID(in: node), let fragment = try? hxml.renderFragment(node, id: id) {
        checkWellFormed(fragment, "HXML fragment \(id)")
    }
    return 0
}

/// Fails when libxml2 finds `bytes` not well-formed; other refusals (HXML is not the
/// screen dialect, nesting beyond the reader's limit) are fine here.
private func checkWellFormed(_ bytes: [UInt8], _ what: String) {
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        _ = try xmlReader.read(text)
    } catch where error.reason == .notWellFormed {
        fatalError("PROPERTY: the \(what) is not well-formed: \(error)\n\(text)")
    } catch {}
}

private let xmlReader = XMLReader()

/// The id of the first component (in document order) that has a string id.
private func firstID(in node: Node) -> String? {
    if node.kind == .component, case .string(let id)? = node[property: "id"] { return id }
    for property in node.properties {
        switch property.value {
        case .node(let child):
            if let id = firstID(in: child) { return id }
        case .list(let items):
            for case .node(let child) in items { if let id = firstID(in: child) { return id } }
        default:
            break
        }
    }
    return nil
}

// SwiftPM links an executable with `--defsym main=FuzzBeagleJSONReader_main` (its entry point renamed
// for testing). Under -parse-as-library the compiler emits no such function, so this
// one is it: it hands over to libFuzzer's driver, as libFuzzer's own main() would.
@_cdecl("FuzzBeagleJSONReader_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupportRunDriver(argc, argv)
}
