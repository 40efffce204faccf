import Foundation
import Testing

/// Golden files live beside this file in `Golden/`, for every format. Set
/// `UPDATE_GOLDEN=1` to rewrite them: each rewritten file still fails its test, so that
/// nobody mistakes a rewrite for a pass; read every changed file (`git diff`) before
/// committing it, then run the tests again without the variable. CI refuses the variable.
enum GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let old = try? String(contentsOf: url, encoding: .utf8)
            if old != actual {
                try actual.write(to: url, atomically: true, encoding: .utf8)
                Issue.record("\(name) rewritten: read it, then run the tests again without UPDATE_GOLDEN", sourceLocation: sourceLocation)
            }
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(name) differs from its golden file", sourceLocation: sourceLocation)
    }
}
