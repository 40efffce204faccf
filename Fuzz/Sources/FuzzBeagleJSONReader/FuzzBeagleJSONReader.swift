// libFuzzer target: BeagleJSONReader on arbitrary bytes, then the imported tree written
// as Beagle JSON, XML and text (what `screen-registry import` does).
//
// BeagleJSONError and XMLRenderError are expected answers. One documented property is
// checked (README, Beagle JSON: "Output is valid JSON for any string"): the JSON the
// renderer writes for an imported tree reads back.
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
    return 0
}

// SwiftPM links an executable with `--defsym main=FuzzBeagleJSONReader_main` (its entry point renamed
// for testing). Under -parse-as-library the compiler emits no such function, so this
// one is it: it hands over to libFuzzer's driver, as libFuzzer's own main() would.
@_cdecl("FuzzBeagleJSONReader_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupportRunDriver(argc, argv)
}
