// libFuzzer target: RoutePattern(_:) and the registry's matcher.
//
// The input's first line is a pattern; every further line is a path. When the pattern
// parses, it is registered (beside a few fixed routes, so it meets literals,
// parameters, wildcards and catch-alls, and duplicates) in a case-sensitive and a
// case-insensitive registry; each registry then resolves the other lines, the pattern
// text itself, and the pattern's reverse route (path(for:parameters:)).
// Thrown errors are expected answers. One documented property is checked:
// description is the canonical form, so it parses back to the same pattern.
import FuzzSupport
import ScreenRegistry

struct FuzzScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) {}
    func screen() async throws -> Screen { Screen {} }
}

private let fixed = ["profile/:userId", "cards/:id(int)/detail", "files/**", "a/*/b", "a/b/:x(uuid)", "n/:v(double)", "/"]

private let base: [ScreenRegistry] = [false, true].map { caseInsensitive in
    var registry = ScreenRegistry(caseInsensitive: caseInsensitive)
    for pattern in fixed { try! registry.register(FuzzScreen.self, at: pattern) }
    return registry
}

private let sample: [ParameterType: String] = [.int: "7", .double: "1.5", .uuid: "123e4567-e89b-12d3-a456-426614174000"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let lines = input.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let text = lines.first ?? ""
    guard let pattern = try? RoutePattern(text) else { return 0 }
    let canonical = pattern.description
    guard let again = try? RoutePattern(canonical), again == pattern else {
        fatalError("PROPERTY: RoutePattern(\(canonical.debugDescription)) differs from \(text.debugDescription)")
    }
    var parameters: [String: String] = [:]
    for segment in pattern.segments {
        switch segment {
        case .parameter(let name): parameters[name] = name
        case .typed(let name, let type): parameters[name] = sample[type]
        default: break
        }
    }
    for var registry in base {
        do { try registry.register(FuzzScreen.self, at: text) } catch {}
        var paths = Array(lines.dropFirst().prefix(8)) + [text]
        if let reverse = try? registry.path(for: text, parameters: parameters) { paths.append(reverse) }
        for path in paths {
            _ = try? registry.resolve(path)
        }
        _ = try? registry.stack(for: paths[0])
    }
    return 0
}

// SwiftPM links an executable with `--defsym main=FuzzRoutePattern_main` (its entry point renamed
// for testing). Under -parse-as-library the compiler emits no such function, so this
// one is it: it hands over to libFuzzer's driver, as libFuzzer's own main() would.
@_cdecl("FuzzRoutePattern_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupportRunDriver(argc, argv)
}
