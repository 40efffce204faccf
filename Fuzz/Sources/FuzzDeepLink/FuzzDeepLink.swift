// libFuzzer target: DeepLink(_:) on arbitrary bytes decoded as UTF-8.
//
// A thrown ScreenRegistryError is the expected answer to bad input. Besides crashes and
// sanitizer reports, one documented property is checked (README, DeepLink.path): the
// normalised path "resolves to the same segments again" whenever it parses at all
// (re-encoding may make it longer than DeepLink.maximumLength, which then throws).
import FuzzSupport
import ScreenRegistry

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let link = try? DeepLink(input) else { return 0 }
    let path = link.path
    if let again = try? DeepLink(path), again.segments != link.segments {
        fatalError("PROPERTY: DeepLink(\(path.debugDescription)).segments \(again.segments) != \(link.segments)")
    }
    _ = DeepLink.path(of: link.segments + link.query.keys.sorted())
    return 0
}

// SwiftPM links an executable with `--defsym main=FuzzDeepLink_main` (its entry point renamed
// for testing). Under -parse-as-library the compiler emits no such function, so this
// one is it: it hands over to libFuzzer's driver, as libFuzzer's own main() would.
@_cdecl("FuzzDeepLink_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupportRunDriver(argc, argv)
}
