// libFuzzer target: XMLReader on arbitrary bytes (read(bytes:), any encoding the XML
// declaration names), then XMLRenderer on the node read.
//
// XMLReadError and XMLRenderError are expected answers. One documented property is
// checked (README, XML: "render → read → render is byte-identical"): whatever the
// reader accepts renders to XML that reads back and renders to the same bytes.
import FuzzSupport
import ScreenRegistry
import ScreenRendering

private let reader = XMLReader()
private let renderer = XMLRenderer()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let node = try? reader.read(bytes: UnsafeRawBufferPointer(start: start, count: count)),
        let xml = try? renderer.render(node)
    else { return 0 }
    let again: Node
    do {
        again = try reader.read(xml)
    } catch {
        fatalError("PROPERTY: the reader refuses the renderer's output: \(error)\n\(xml)")
    }
    guard let xml2 = try? renderer.render(again), xml2 == xml else {
        fatalError("PROPERTY: render → read → render differs\n\(xml)")
    }
    _ = try? XMLRenderer(compact: true).render(node)
    return 0
}

// SwiftPM links an executable with `--defsym main=FuzzXMLReader_main` (its entry point renamed
// for testing). Under -parse-as-library the compiler emits no such function, so this
// one is it: it hands over to libFuzzer's driver, as libFuzzer's own main() would.
@_cdecl("FuzzXMLReader_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupportRunDriver(argc, argv)
}
