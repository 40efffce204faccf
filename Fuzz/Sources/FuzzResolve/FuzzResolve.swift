// libFuzzer target: the sample catalog's registry on arbitrary paths and URLs.
//
// resolve(_:) and stack(for:) take the input as a path or URL; when it resolves, the
// matched screen type is created from the match's path and data, as screen(for:) does
// (creating it is synchronous; building the tree is not and is left out). Thrown
// errors are expected answers.
import FuzzSupport
import ScreenRegistry
import Screens

private let registry = Catalog.registry

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    if let match = try? registry.resolve(input) {
        _ = try? match.screenType.init(path: match.path, data: match.data)
        _ = try? registry.resolve(match.path, data: match.data)
    }
    _ = try? registry.resolve(input, data: ["session": "s", "tab": "likes"])
    if let stack = try? registry.stack(for: input) {
        for match in stack { _ = try? match.screenType.init(path: match.path, data: match.data) }
    }
    return 0
}

// SwiftPM links an executable with `--defsym main=FuzzResolve_main` (its entry point renamed
// for testing). Under -parse-as-library the compiler emits no such function, so this
// one is it: it hands over to libFuzzer's driver, as libFuzzer's own main() would.
@_cdecl("FuzzResolve_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupportRunDriver(argc, argv)
}
